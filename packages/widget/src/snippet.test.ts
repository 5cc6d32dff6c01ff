// The snippet: what it does on a page, and that its text is the function that runs.
import { beforeEach, describe, expect, it } from 'vitest';
import { permitDeskSnippet, snippetCode, snippetTag, type SnippetWindow } from './snippet.js';

const url = 'https://permits.example.com/widget/widget.js';

describe('the snippet', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete (window as SnippetWindow).PermitDesk;
  });

  it('adds widget.js once, async, and queues calls made before it arrives', () => {
    permitDeskSnippet(window, document, 'script', url);
    permitDeskSnippet(window, document, 'script', url);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(url);
    expect(scripts[0]?.async).toBe(true);

    const global = (window as SnippetWindow).PermitDesk!;
    global('init', { apiBase: 'https://permits.example.com' });
    global('open', { address: '350 5th Ave New York NY' });
    const queue = global.q as IArguments[];
    expect(queue.map((args) => Array.from(args))).toEqual([
      ['init', { apiBase: 'https://permits.example.com' }],
      ['open', { address: '350 5th Ave New York NY' }],
    ]);
  });

  it('prints the very function that runs, called with the script URL, then the init call', () => {
    const code = snippetCode({ scriptUrl: url, init: { apiBase: 'https://permits.example.com', partnerId: 'acme' } });
    expect(code.startsWith(`(${permitDeskSnippet.toString()})(window, document, "script", "${url}");`)).toBe(true);
    expect(code.endsWith('\nPermitDesk("init", {"apiBase":"https://permits.example.com","partnerId":"acme"});')).toBe(true);
    expect(snippetTag({ scriptUrl: url })).toBe(`<script>\n${snippetCode({ scriptUrl: url })}\n</script>`);

    // Running the printed text does what the function does.
    new Function(code)();
    expect(document.head.querySelector('script')?.src).toBe(url);
    expect(((window as SnippetWindow).PermitDesk!.q as IArguments[]).map((args) => args[0])).toEqual(['init']);
  });
});
