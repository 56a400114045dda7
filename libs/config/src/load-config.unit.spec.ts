import { ConfigError, loadConfig } from './load-config';
import { secretValuesOf } from './vnfm.config';

describe('loadConfig', () => {
  it('gives the standalone defaults with an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      port: 9890,
      host: '127.0.0.1',
      dataDir: 'data',
      bus: 'in-process',
      eventStore: 'embedded',
      fsync: 'always',
    });
  });

  it('reads overrides from VNFM_* variables', () => {
    const config = loadConfig({
      VNFM_PORT: '9999',
      VNFM_DATA_DIR: '/tmp/x',
      VNFM_BUS: 'kafka',
      VNFM_KAFKA_BROKERS: '127.0.0.1:19092,h2:9092',
    });
    expect(config).toMatchObject({ port: 9999, dataDir: '/tmp/x', bus: 'kafka', kafkaBrokers: '127.0.0.1:19092,h2:9092' });
  });

  it('lists every problem at once with the variable name and the bad value, hiding secrets', () => {
    let error: unknown;
    try {
      loadConfig({ VNFM_PORT: 'abc', VNFM_BUS: 'kafka', VNFM_EVENT_STORE: 'mongodb', VNFM_ADMIN_TOKEN: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('VNFM_PORT must be an integer between 1 and 65535 (got "abc")');
    expect(message).toContain(
      'VNFM_KAFKA_BROKERS must be a comma-separated list of host:port (required when VNFM_BUS=kafka) (got nothing)',
    );
    expect(message).toContain('VNFM_EVENT_STORE must be "embedded", "postgres" or "eventstoredb" (got "mongodb")');
    expect(message).toContain('VNFM_ADMIN_TOKEN must be at least 16 characters (got (hidden))');
    expect(message).not.toContain('short-secret');
  });

  it('gives the notification delivery defaults and refuses a bad one', () => {
    expect(loadConfig({})).toMatchObject({
      notifyTimeoutMs: 5000,
      notifyMaxInFlight: 64,
      notifyMaxInFlightPerSubscription: 4,
      notifyRetryMinMs: 1000,
      notifyRetryMaxMs: 300000,
      notifyParkAfterMs: 3600000,
    });
    expect(loadConfig({ VNFM_PUBLIC_URL: 'https://vnfm.example:9890', VNFM_NOTIFY_PARK_AFTER_MS: '2000' })).toMatchObject({
      publicUrl: 'https://vnfm.example:9890',
      notifyParkAfterMs: 2000,
    });
    expect(() => loadConfig({ VNFM_NOTIFY_TIMEOUT_MS: '0' })).toThrow('VNFM_NOTIFY_TIMEOUT_MS must be a positive integer (got "0")');
    expect(() => loadConfig({ VNFM_PUBLIC_URL: 'vnfm.example/path' })).toThrow('VNFM_PUBLIC_URL must be an http(s) URL without path');
  });

  it('gives the package fetch deadlines and reads the outbound address policy of each use', () => {
    expect(loadConfig({})).toMatchObject({ packageFetchTimeoutMs: 600_000, packageFetchIdleTimeoutMs: 30_000 });
    const config = loadConfig({
      VNFM_PACKAGE_FETCH_TIMEOUT_MS: '60000',
      VNFM_PACKAGE_URI_ALLOWED_CIDRS: '10.0.0.0/8',
      VNFM_VIM_DENIED_CIDRS: '',
      VNFM_MGMT_RECEIVER_DENIED_CIDRS: '169.254.0.0/16',
    });
    expect(config).toMatchObject({
      packageFetchTimeoutMs: 60_000,
      packageUriAllowedCidrs: '10.0.0.0/8',
      vimDeniedCidrs: '',
      mgmtReceiverDeniedCidrs: '169.254.0.0/16',
    });
    expect(() => loadConfig({ VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS: '-1' })).toThrow(
      'VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS must be a positive integer (got "-1")',
    );
  });

  it('reads the package signature settings: not required by default, required only with a trusted CA file', () => {
    expect(loadConfig({})).toMatchObject({ packageSignatureRequired: false, packageTrustedCaFile: undefined });
    expect(loadConfig({ VNFM_PACKAGE_TRUSTED_CA_FILE: '/etc/vnfm/ca.pem', VNFM_PACKAGE_SIGNATURE_REQUIRED: 'true' })).toMatchObject({
      packageSignatureRequired: true,
      packageTrustedCaFile: '/etc/vnfm/ca.pem',
    });
    expect(loadConfig({ VNFM_PACKAGE_SIGNATURE_REQUIRED: 'false' }).packageSignatureRequired).toBe(false);
    expect(() => loadConfig({ VNFM_PACKAGE_SIGNATURE_REQUIRED: 'yes' })).toThrow(
      'VNFM_PACKAGE_SIGNATURE_REQUIRED must be "true" or "false" (got "yes")',
    );
    expect(() => loadConfig({ VNFM_PACKAGE_SIGNATURE_REQUIRED: 'true' })).toThrow(
      'VNFM_PACKAGE_TRUSTED_CA_FILE is required with VNFM_PACKAGE_SIGNATURE_REQUIRED=true (got nothing)',
    );
  });

  it('lists the secret values given, for the logger to mask', () => {
    const config = loadConfig({ VNFM_ADMIN_TOKEN: 'admin-token-0123456789', VNFM_BUS_KEY: 'YnVzLWtleQ==', VNFM_PORT: '9999' });
    expect(secretValuesOf(config)).toEqual(['admin-token-0123456789', 'YnVzLWtleQ==']);
    expect(secretValuesOf(loadConfig({}))).toEqual([]);
  });

  it('takes a PostgreSQL event store by URL, never echoing it, and masks the URL and its password', () => {
    const url = 'postgres://vnfm:p%40ss-w0rd@db.example:5432/vnfm';
    const config = loadConfig({ VNFM_EVENT_STORE: 'postgres', VNFM_EVENT_STORE_URL: url });
    expect(config).toMatchObject({ eventStore: 'postgres', eventStoreUrl: url });
    expect(secretValuesOf(config)).toEqual([url, 'p@ss-w0rd']);
    expect(() => loadConfig({ VNFM_EVENT_STORE: 'postgres' })).toThrow('VNFM_EVENT_STORE_URL must be a postgres:// URL');
    let error: unknown;
    try {
      loadConfig({ VNFM_EVENT_STORE: 'postgres', VNFM_EVENT_STORE_URL: 'mysql://root:hunter2@db/vnfm' });
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).toContain('VNFM_EVENT_STORE_URL must be a postgres:// URL');
    expect(String(error)).not.toContain('hunter2');
  });
});
