// --store (CREW_STORE): a PostgreSQL URL for the HTTP server and check, refused elsewhere and
// refused when it is not one, without ever echoing its password.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('--store', () => {
  it('takes a PostgreSQL URL from the flag or CREW_STORE for http and check', () => {
    const url = 'postgres://crew:pw@db.example.com:5432/crew_mcp';
    expect(loadConfig(['http', '--store', url], {}).store).toBe(url);
    expect(loadConfig(['check'], { CREW_STORE: 'postgresql://db/crew' }).store).toBe('postgresql://db/crew');
    expect(loadConfig(['http'], {}).store).toBeNull();
  });

  it('refuses what is not a PostgreSQL URL, showing it without its password', () => {
    const attempt = () => loadConfig(['http', '--store', 'mysql://crew:s3cret-pw@db/crew'], {});
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /--store \(CREW_STORE\) must be a PostgreSQL URL .*"mysql:\/\/crew:\*\*\*@db\/crew"/,
    );
    expect(attempt).not.toThrow(/s3cret-pw/);
  });

  it('is refused in stdio mode, which has no replicas', () => {
    expect(() => loadConfig(['stdio', '--store', 'postgres://db/crew'], {})).toThrow(
      /--store applies to "crew-mcp http"/,
    );
  });
});
