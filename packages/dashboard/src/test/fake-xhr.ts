// A stand-in for XMLHttpRequest (install it with vi.stubGlobal): every request sent is kept in
// FakeXhr.sent, and the test answers it by hand (progress, an answer with an ETag, a dropped connection).
export class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  body: Blob | null = null;
  aborted = false;
  settled = false;
  status = 0;
  responseText = '';
  private etag: string | null = null;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? this.etag : null;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.settled = true;
    this.onabort?.();
  }
  // The test's side:
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded });
  }
  answer(status: number, etag: string | null = null, text = '') {
    this.settled = true;
    this.status = status;
    this.etag = etag;
    this.responseText = text;
    this.onload?.();
  }
  drop() {
    this.settled = true;
    this.onerror?.();
  }
}
