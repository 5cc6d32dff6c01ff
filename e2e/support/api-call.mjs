// The suites' own calls to the server (setting up what the browser then shows).
import assert from 'node:assert/strict';

/** call(method, path, token, body): one JSON call to `base`; throws with the server's answer when it is not 2xx. */
export const apiCaller = (base) => async (method, path, token, body) => {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await res.json().catch(() => null);
  assert.ok(res.ok, `${method} ${path} → ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};
