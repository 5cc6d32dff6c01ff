// useQuery: a failed read stays shown while its page is open (another read settling must not turn it
// back into a spinner with no call under way), and is tried again on the next visit.
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useQuery } from './use-query.js';

afterEach(() => cleanup());

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Page({ failing, other, id }: { failing: () => Promise<string>; other: () => Promise<string>; id: string }) {
  const place = useQuery(`test:place:${id}`, failing);
  const services = useQuery(`test:services:${id}`, other);
  const [, setClicks] = useState(0);
  return (
    <div>
      <p>{place.loading ? 'loading place' : place.error instanceof Error ? `failed: ${place.error.message}` : place.data}</p>
      <p>{services.loading ? 'loading services' : services.data}</p>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        render again
      </button>
    </div>
  );
}

describe('useQuery', () => {
  it('keeps showing a failure when another read of the page settles later', async () => {
    const place = deferred<string>();
    const services = deferred<string>();
    render(<Page id="a" failing={() => place.promise} other={() => services.promise} />);
    place.reject(new Error('No municipality has this slug.'));
    expect(await screen.findByText('failed: No municipality has this slug.')).toBeTruthy();
    services.resolve('services ready');
    expect(await screen.findByText('services ready')).toBeTruthy();
    expect(screen.getByText('failed: No municipality has this slug.')).toBeTruthy();
    screen.getByRole('button', { name: 'render again' }).click();
    expect(await screen.findByText('failed: No municipality has this slug.')).toBeTruthy();
    expect(screen.queryByText('loading place')).toBeNull();
  });

  it('asks again on the next visit after a failure', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve('back up');
    };
    const other = () => Promise.resolve('fine');
    const first = render(<Page id="b" failing={failing} other={other} />);
    expect(await screen.findByText('failed: down')).toBeTruthy();
    first.unmount();
    render(<Page id="b" failing={failing} other={other} />);
    expect(await screen.findByText('back up')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('asks again when a read failed after its page was left', async () => {
    let calls = 0;
    const late = deferred<string>();
    const failing = () => {
      calls += 1;
      return calls === 1 ? late.promise : Promise.resolve('second try');
    };
    const other = () => Promise.resolve('fine');
    const first = render(<Page id="c" failing={failing} other={other} />);
    first.unmount();
    late.reject(new Error('too late'));
    await late.promise.catch(() => undefined);
    render(<Page id="c" failing={failing} other={other} />);
    expect(await screen.findByText('second try')).toBeTruthy();
  });
});
