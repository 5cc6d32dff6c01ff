// pageStorage: a page whose localStorage the browser blocks (a third-party frame) still gets a storage.
import { afterEach, describe, expect, it } from 'vitest';
import { pageStorage } from './storage.js';

const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'localStorage', original);
  else delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('pageStorage', () => {
  it('is the page localStorage when the browser allows it', () => {
    const storage = { getItem: () => null } as unknown as Storage;
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => storage });
    expect(pageStorage()).toBe(storage);
  });

  it('falls back to one in-memory storage when reading localStorage throws (blocked third-party storage)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const first = pageStorage();
    first.setItem('k', 'v');
    expect(pageStorage()).toBe(first);
    expect(pageStorage().getItem('k')).toBe('v');
  });
});
