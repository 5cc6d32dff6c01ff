// The configuration is validated at start; a bad value stops the server with a clear message.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isTrustedUrl, loadConfig, REPO_ROOT, trustedOrigins } from './config.js';

describe('loadConfig', () => {
  it('has defaults for one machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, NODE_ENV: 'development', DATA_DIR: path.join(REPO_ROOT, '.data'), PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads values and ignores empty ones', () => {
    const config = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://permits.example.com/', DATABASE_URL: 'postgres://u@db:5432/app', SMTP_URL: '' });
    expect(config).toMatchObject({ PORT: 8080, PUBLIC_URL: 'https://permits.example.com', DATABASE_URL: 'postgres://u@db:5432/app' });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', NODE_ENV: 'staging' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
      expect(message).toContain('NODE_ENV: must be development, production or test');
    }
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (10 by default), a whole number from 1', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).DATABASE_POOL_SIZE).toBe(3);
    for (const bad of ['0', 'ten', '-1', '2.5', '1000']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow('DATABASE_POOL_SIZE: must be a whole number from 1 to 999');
    }
  });

  it('trusts PUBLIC_URL and the listed partner origins, nothing else', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://permits.example.com', EMBED_ORIGINS: 'https://acme-lumber.example, http://localhost:4000/' });
    expect(trustedOrigins(config)).toEqual(['https://permits.example.com', 'https://acme-lumber.example', 'http://localhost:4000']);
    expect(isTrustedUrl(config, 'https://acme-lumber.example/start?x=1')).toBe(true);
    expect(isTrustedUrl(config, 'https://acme-lumber.example.evil.test/')).toBe(false);
    expect(isTrustedUrl(config, 'javascript:alert(1)')).toBe(false);
    expect(() => loadConfig({ EMBED_ORIGINS: 'https://ok.example,https://bad.example/path' })).toThrow(/EMBED_ORIGINS/);
  });

  it('reads GEOCODER as a fallback order and asks for what each geocoder needs', () => {
    expect(loadConfig({}).GEOCODER).toBeUndefined();
    expect(loadConfig({ GEOCODER: 'census' }).GEOCODER).toEqual(['census']);
    expect(loadConfig({ GEOCODER: ' Census, nominatim ', NOMINATIM_URL: 'http://nominatim.internal:8080' }).GEOCODER).toEqual(['census', 'nominatim']);
    expect(() => loadConfig({ GEOCODER: 'census,mapbox' })).toThrow(/GEOCODER/);
    expect(() => loadConfig({ GEOCODER: ',' })).toThrow(/GEOCODER/);
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/NOMINATIM_URL: is required by GEOCODER/);
    expect(() => loadConfig({ GEOCODER: 'photon' })).toThrow(/PHOTON_URL/);
    expect(() => loadConfig({ GEOCODER: 'google,census' })).toThrow(/GOOGLE_MAPS_API_KEY/);
    expect(() => loadConfig({ GEOCODER: 'nominatim', NOMINATIM_URL: 'not a url' })).toThrow(/NOMINATIM_URL/);
  });
});
