import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('has the defaults of design §9', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.demoSeed).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc', 'port number'],
    ['PORT', '70000', 'port number'],
    ['DATABASE_URL', 'mysql://x', 'postgres://'],
    ['REDIS_URL', 'http://localhost', 'redis://'],
    ['UPSTREAM_URL', 'ftp://x', 'http://'],
    ['SMTP_URL', 'localhost:25', 'smtp://'],
    ['SIM_SPEED', '-2', 'above 0'],
    ['DEMO_SEED', 'yes', '1, 0, true or false'],
    ['SESSION_IDLE_MINUTES', '0', 'above 0'],
  ])('names %s=%s and says what is wrong', (name, value, hint) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${name}="${value}"`);
    expect(problems[0]).toContain(hint);
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', REDIS_URL: 'y', SIM_SEED: 'z' })).toHaveLength(3);
  });

  it('refuses DEMO_SEED and SIM_CONTROL in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEMO_SEED: '1', SIM_CONTROL: '1' });
    expect(problems.join('\n')).toMatch(/DEMO_SEED=1 is refused/);
    expect(problems.join('\n')).toMatch(/SIM_CONTROL=1 is refused/);
  });

  it('makes cookies Secure in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
    expect(loadConfig({}).cookieSecure).toBe(false);
  });
});
