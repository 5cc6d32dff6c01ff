// The visitor's network and approximate place (issue 13): addresses are cut to their network, and each
// source of IP_GEOLOCATION answers what it knows (none: nothing; headers: the CDN's city/region/country).
import { describe, expect, it } from 'vitest';
import { createIpLocator, networkOf } from './ip-location.js';

describe('networkOf', () => {
  it('keeps IPv4 /24 and IPv6 /48 only', () => {
    expect(networkOf('203.0.113.45')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.45')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:0db8:0000:0042:0000:8a2e:0370:7334')).toBe('2001:db8:0::/48');
  });
  it('answers null for what is not an address', () => {
    for (const bad of ['local', '', '999.1.1.1', '1:2:3', 'example.com', '::1::2']) expect(networkOf(bad), bad).toBeNull();
  });
});

describe('createIpLocator', () => {
  const ask = (source: string, headers: Record<string, string> = {}) => createIpLocator({ IP_GEOLOCATION: source }).locate({ ip: '203.0.113.45', headers: new Headers(headers) });
  it('none records no place', async () => {
    expect(await ask('none', { 'cf-ipcity': 'Austin' })).toBeNull();
  });
  it('headers reads what a CDN in front adds, cleaned', async () => {
    expect(await ask('headers', { 'cf-ipcity': 'San%20Antonio', 'cf-region': 'Texas', 'cf-ipcountry': 'US' })).toBe('San Antonio, Texas, US');
    expect(await ask('headers', { 'cloudfront-viewer-city': 'Denver', 'cloudfront-viewer-country': 'US' })).toBe('Denver, US');
    expect(await ask('headers', { 'cf-ipcountry': 'XX' })).toBeNull();
    expect(await ask('headers', { 'cf-ipcity': '<script>' })).toBe('script');
  });
  it('a URL source that cannot be reached records no place (the visit is never held up)', async () => {
    expect(await createIpLocator({ IP_GEOLOCATION: 'http://127.0.0.1:9/{ip}' }, 300).locate({ ip: '203.0.113.45', headers: new Headers() })).toBeNull();
  });
});
