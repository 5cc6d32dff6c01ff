// The data layer's contract: a failed read stays shown while its page is open and is tried again on the
// next visit; answers are shared per key; a read nobody waits for is aborted through its signal; a
// write's invalidation asks the views again while they keep the last answer; retries follow the rule.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { WithQueryClient } from '../test/render.js';
import { FOR_SESSION, QueryClient, type QueryFunction } from './query-client.js';
import { useQuery } from './use-query.js';
import { deferred } from '../test/deferred.js';

afterEach(() => cleanup());

const text = (state: { loading: boolean; error: unknown; data: string | undefined }, name: string) =>
  state.error instanceof Error ? `${name} failed: ${state.error.message}` : state.data !== undefined ? state.data : state.loading ? `loading ${name}` : `no ${name}`;

function Page({ failing, other }: { failing: () => Promise<string>; other: () => Promise<string> }) {
  const place = useQuery({ queryKey: ['test', 'place'], queryFn: failing, staleTime: FOR_SESSION });
  const services = useQuery({ queryKey: ['test', 'services'], queryFn: other, staleTime: FOR_SESSION });
  const [, setClicks] = useState(0);
  return (
    <div>
      <p>{text(place, 'place')}</p>
      <p>{text(services, 'services')}</p>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        render again
      </button>
    </div>
  );
}

function Reader({ fn, name = 'value' }: { fn: QueryFunction<string>; name?: string }) {
  const state = useQuery({ queryKey: ['test', name], queryFn: fn, staleTime: FOR_SESSION });
  return <p>{text(state, name)}</p>;
}

describe('useQuery', () => {
  it('keeps showing a failure when another read of the page settles later', async () => {
    const place = deferred<string>();
    const services = deferred<string>();
    render(<WithQueryClient><Page failing={() => place.promise} other={() => services.promise} /></WithQueryClient>);
    place.reject(new Error('No municipality has this slug.'));
    expect(await screen.findByText('place failed: No municipality has this slug.')).toBeTruthy();
    services.resolve('services ready');
    expect(await screen.findByText('services ready')).toBeTruthy();
    expect(screen.getByText('place failed: No municipality has this slug.')).toBeTruthy();
    screen.getByRole('button', { name: 'render again' }).click();
    expect(await screen.findByText('place failed: No municipality has this slug.')).toBeTruthy();
    expect(screen.queryByText('loading place')).toBeNull();
  });

  it('asks again on the next visit after a failure, and keeps a good answer for the session', async () => {
    const client = new QueryClient();
    let calls = 0;
    let otherCalls = 0;
    const failing = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve('back up');
    };
    const other = () => {
      otherCalls += 1;
      return Promise.resolve('fine');
    };
    const first = render(<WithQueryClient client={client}><Page failing={failing} other={other} /></WithQueryClient>);
    expect(await screen.findByText('place failed: down')).toBeTruthy();
    first.unmount();
    render(<WithQueryClient client={client}><Page failing={failing} other={other} /></WithQueryClient>);
    expect(await screen.findByText('back up')).toBeTruthy();
    expect(calls).toBe(2);
    expect(otherCalls).toBe(1);
  });

  it('aborts a read through its signal when its view leaves, and asks again on the next visit', async () => {
    const client = new QueryClient();
    const signals: AbortSignal[] = [];
    const late = deferred<string>();
    const fn: QueryFunction<string> = ({ signal }) => {
      signals.push(signal);
      return signals.length === 1 ? late.promise : Promise.resolve('second try');
    };
    const first = render(<WithQueryClient client={client}><Reader fn={fn} /></WithQueryClient>);
    expect(signals).toHaveLength(1);
    first.unmount();
    expect(signals[0]!.aborted).toBe(true);
    late.resolve('too late');
    render(<WithQueryClient client={client}><Reader fn={fn} /></WithQueryClient>);
    expect(await screen.findByText('second try')).toBeTruthy();
    expect(signals[1]!.aborted).toBe(false);
  });

  it('shares one read between the views of a key', async () => {
    let calls = 0;
    const fn = () => {
      calls += 1;
      return Promise.resolve('shared');
    };
    render(
      <WithQueryClient>
        <Reader fn={fn} />
        <Reader fn={fn} />
      </WithQueryClient>,
    );
    expect(await screen.findAllByText('shared')).toHaveLength(2);
    expect(calls).toBe(1);
  });

  it('asks the views of an invalidated prefix again, keeping the last answer meanwhile', async () => {
    const client = new QueryClient();
    let round = 0;
    const next = deferred<string>();
    const fn = () => {
      round += 1;
      return round === 1 ? Promise.resolve('first') : next.promise;
    };
    render(<WithQueryClient client={client}><Reader fn={fn} /><Reader name="other" fn={() => Promise.resolve('untouched')} /></WithQueryClient>);
    expect(await screen.findByText('first')).toBeTruthy();
    act(() => client.invalidateQueries({ queryKey: ['test', 'value'] }));
    expect(round).toBe(2);
    expect(screen.getByText('first')).toBeTruthy();
    await act(async () => next.resolve('second'));
    expect(screen.getByText('second')).toBeTruthy();
    expect(screen.getByText('untouched')).toBeTruthy();
  });

  it('retries as its client says, and not at all by default', async () => {
    const failing = (counter: { calls: number }) => () => {
      counter.calls += 1;
      return counter.calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve('online');
    };
    const plain = { calls: 0 };
    render(<WithQueryClient><Reader name="plain" fn={failing(plain)} /></WithQueryClient>);
    expect(await screen.findByText('plain failed: offline')).toBeTruthy();
    expect(plain.calls).toBe(1);

    const retrying = { calls: 0 };
    const client = new QueryClient({ retry: (failures) => failures < 3, retryDelay: () => 1 });
    render(<WithQueryClient client={client}><Reader name="retried" fn={failing(retrying)} /></WithQueryClient>);
    expect(await screen.findByText('online')).toBeTruthy();
    expect(retrying.calls).toBe(3);
  });
});
