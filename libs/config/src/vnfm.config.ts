import { Transform } from 'class-transformer';
import { AUTH_ENVIRONMENT, AUTH_SECRET_VARIABLES, AuthConfig } from './auth.config';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

/** A Kafka topic name (letters, digits, ".", "_", "-"; at most 249). */
const TOPIC = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * Every setting of the product, read from the environment and validated at
 * start. Defaults give the standalone mode: embedded event store under
 * ./data, in-process bus, gateway on 127.0.0.1:9890.
 */
export class VnfmConfig extends AuthConfig {
  /** VNFM_PORT: gateway HTTP port. */
  @IsInt({ message: 'VNFM_PORT must be an integer between 1 and 65535' })
  @Min(1, { message: 'VNFM_PORT must be an integer between 1 and 65535' })
  @Max(65535, { message: 'VNFM_PORT must be an integer between 1 and 65535' })
  @Transform(({ value }) => (value === undefined ? 9890 : Number(value)))
  port = 9890;

  /** VNFM_HOST: gateway bind address. */
  @IsString()
  host = '127.0.0.1';

  /** VNFM_DATA_DIR: folder of the embedded event stores (one sub-folder per service) and the key files. */
  @IsString()
  @MinLength(1, { message: 'VNFM_DATA_DIR must not be empty' })
  dataDir = 'data';

  /**
   * VNFM_BLOB_DIR: blob store of VNF package content; default `<VNFM_DATA_DIR>/blobs`.
   * In distributed mode the gateway and the package-catalog must share it (one volume).
   */
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'VNFM_BLOB_DIR must not be empty' })
  blobDir?: string;

  /** VNFM_MAX_PACKAGE_BYTES: largest VNF package (zip) accepted for upload; default 2 GiB. */
  @IsInt({ message: 'VNFM_MAX_PACKAGE_BYTES must be a positive integer' })
  @Min(1, { message: 'VNFM_MAX_PACKAGE_BYTES must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 2 * 1024 ** 3 : Number(value)))
  maxPackageBytes = 2 * 1024 ** 3;

  /**
   * VNFM_PACKAGE_TRUSTED_CA_FILE: PEM bundle of the CA certificates (or pinned
   * signer certificates) a VNF package's signature must chain to for the
   * package to show as trusted (SOL 004 §5); read by the package-catalog at start.
   */
  @ValidateIf((c: VnfmConfig) => c.packageSignatureRequired === true || c.packageTrustedCaFile !== undefined)
  @IsString({ message: 'VNFM_PACKAGE_TRUSTED_CA_FILE is required with VNFM_PACKAGE_SIGNATURE_REQUIRED=true' })
  packageTrustedCaFile?: string;

  /**
   * VNFM_PACKAGE_SIGNATURE_REQUIRED: `true` refuses to onboard a package
   * whose signature is missing or does not chain to VNFM_PACKAGE_TRUSTED_CA_FILE;
   * `false` (default, as Tacker) onboards it and shows it as not trusted.
   */
  @IsIn([true, false], { message: 'VNFM_PACKAGE_SIGNATURE_REQUIRED must be "true" or "false"' })
  @Transform(({ value }) => (value === undefined ? false : value === 'true' ? true : value === 'false' ? false : value))
  packageSignatureRequired = false;

  /** VNFM_BUS: `in-process` (one process) or `kafka`. */
  @IsIn(['in-process', 'kafka'], { message: 'VNFM_BUS must be "in-process" or "kafka"' })
  bus: 'in-process' | 'kafka' = 'in-process';

  /** VNFM_KAFKA_BROKERS: comma-separated host:port list; required with VNFM_BUS=kafka. */
  @ValidateIf((c: VnfmConfig) => c.bus === 'kafka')
  @Matches(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, {
    message: 'VNFM_KAFKA_BROKERS must be a comma-separated list of host:port (required when VNFM_BUS=kafka)',
  })
  kafkaBrokers?: string;

  /** VNFM_EVENT_STORE: `embedded` (files in the data folder), `postgres` (shared by replicas) or `eventstoredb`. */
  @IsIn(['embedded', 'postgres', 'eventstoredb'], { message: 'VNFM_EVENT_STORE must be "embedded", "postgres" or "eventstoredb"' })
  eventStore: 'embedded' | 'postgres' | 'eventstoredb' = 'embedded';

  /** VNFM_EVENT_STORE_URL: `postgres://user:password@host:port/database`; required with VNFM_EVENT_STORE=postgres. */
  @ValidateIf((c: VnfmConfig) => c.eventStore === 'postgres')
  @Matches(/^postgres(ql)?:\/\/\S+$/, {
    message: 'VNFM_EVENT_STORE_URL must be a postgres:// URL (required when VNFM_EVENT_STORE=postgres)',
  })
  eventStoreUrl?: string;

  /** VNFM_ESDB_URL: EventStoreDB connection string; required with VNFM_EVENT_STORE=eventstoredb. */
  @ValidateIf((c: VnfmConfig) => c.eventStore === 'eventstoredb')
  @Matches(/^(esdb|esdb\+discover):\/\/\S+$/, {
    message: 'VNFM_ESDB_URL must be an esdb:// connection string (required when VNFM_EVENT_STORE=eventstoredb)',
  })
  esdbUrl?: string;

  /**
   * VNFM_LEASE_TTL_MS: how long a replica's hold on an operation, a step or a
   * subscriber lasts without renewal; a replica that dies is taken over by a
   * peer this long after its last renewal (PostgreSQL event store only).
   */
  @IsInt({ message: 'VNFM_LEASE_TTL_MS must be an integer' })
  @Min(1000, { message: 'VNFM_LEASE_TTL_MS must be at least 1000' })
  @Max(600_000, { message: 'VNFM_LEASE_TTL_MS must be at most 600000' })
  @Transform(({ value }) => (value === undefined ? 10_000 : Number(value)))
  leaseTtlMs = 10_000;

  /**
   * VNFM_SHUTDOWN_GRACE_MS: how long a stopping replica (SIGTERM) lets the
   * steps it runs finish before it stops them for a peer to resume; it takes
   * no new work meanwhile. Keep it below the supervisor's own grace
   * (a Pod's terminationGracePeriodSeconds).
   */
  @IsInt({ message: 'VNFM_SHUTDOWN_GRACE_MS must be an integer' })
  @Min(0, { message: 'VNFM_SHUTDOWN_GRACE_MS must be at least 0' })
  @Max(3_600_000, { message: 'VNFM_SHUTDOWN_GRACE_MS must be at most 3600000' })
  @Transform(({ value }) => (value === undefined ? 20_000 : Number(value)))
  shutdownGraceMs = 20_000;

  /**
   * VNFM_DRAIN_DELAY_MS: how long a stopping gateway (or backend replica with
   * probes) answers its readiness probe with 503 while it still serves, so
   * the load balancer in front stops sending to it before it closes.
   */
  @IsInt({ message: 'VNFM_DRAIN_DELAY_MS must be an integer' })
  @Min(0, { message: 'VNFM_DRAIN_DELAY_MS must be at least 0' })
  @Max(120_000, { message: 'VNFM_DRAIN_DELAY_MS must be at most 120000' })
  @Transform(({ value }) => (value === undefined ? 0 : Number(value)))
  drainDelayMs = 0;

  /** VNFM_FSYNC: `always` (survive power loss) or `never` (survive process crashes only). */
  @IsIn(['always', 'never'], { message: 'VNFM_FSYNC must be "always" or "never"' })
  fsync: 'always' | 'never' = 'always';

  /** VNFM_LOG_LEVEL */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'VNFM_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  logLevel = 'info';

  /**
   * VNFM_MASTER_KEY: base64 of 32 random bytes, the key that wraps each VIM's
   * data key; `<data>/master.key` (mode 0600) is created on first start when
   * absent. Checked where it is used (libs/crypto), so a bad value is never echoed.
   */
  @IsOptional()
  @IsString()
  masterKey?: string;

  /**
   * VNFM_BUS_KEY: base64 of 32 random bytes; over Kafka every message payload
   * is sealed with it (AES-256-GCM), so no secret rests in a topic in plain
   * text. Every service of a deployment needs the same key; `<data>/bus.key`
   * is created on first start when absent. Checked where it is used.
   */
  @IsOptional()
  @IsString()
  busKey?: string;

  /** VNFM_REQUEST_TIMEOUT_MS: how long the gateway waits for a service's reply. */
  @IsInt({ message: 'VNFM_REQUEST_TIMEOUT_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_REQUEST_TIMEOUT_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 30000 : Number(value)))
  requestTimeoutMs = 30000;

  /**
   * VNFM_PUBLIC_URL: the URL consumers reach the gateway at (scheme, host,
   * port, no path), for the absolute links of notifications; default
   * `http://<VNFM_HOST>:<VNFM_PORT>`.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: 'VNFM_PUBLIC_URL must be an http(s) URL without path, query or fragment' })
  publicUrl?: string;

  /**
   * VNFM_HELM_BINARY: the `helm` (v3) executable CNFs on Helm VIMs
   * (`ETSINFV.HELM.V_3`) are deployed with (`tools/helm/helm.sh build` makes
   * one). Unset: operations on a Helm VIM are refused before they start.
   */
  @IsOptional()
  @Matches(/^\//, { message: 'VNFM_HELM_BINARY must be an absolute path to the helm executable' })
  helmBinary?: string;

  /**
   * VNFM_HEALTH_PORT: a backend service's own HTTP port for its supervisor's
   * probes (`/health/live`, `/health/ready`), on VNFM_HOST. Unset: none (the
   * gateway's /health asks every service over the bus).
   */
  @IsOptional()
  @IsInt({ message: 'VNFM_HEALTH_PORT must be an integer between 1 and 65535' })
  @Min(1, { message: 'VNFM_HEALTH_PORT must be an integer between 1 and 65535' })
  @Max(65535, { message: 'VNFM_HEALTH_PORT must be an integer between 1 and 65535' })
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  healthPort?: number;

  /** VNFM_NOTIFY_TIMEOUT_MS: how long one notification POST (token included) may take. */
  @IsInt({ message: 'VNFM_NOTIFY_TIMEOUT_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_TIMEOUT_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 5000 : Number(value)))
  notifyTimeoutMs = 5000;

  /** VNFM_NOTIFY_MAX_IN_FLIGHT: notification POSTs in flight at once, all subscribers together. */
  @IsInt({ message: 'VNFM_NOTIFY_MAX_IN_FLIGHT must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_MAX_IN_FLIGHT must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 64 : Number(value)))
  notifyMaxInFlight = 64;

  /** VNFM_NOTIFY_MAX_IN_FLIGHT_PER_SUBSCRIPTION: notification POSTs in flight at once to one subscription (a slow subscriber holds no more). */
  @IsInt({ message: 'VNFM_NOTIFY_MAX_IN_FLIGHT_PER_SUBSCRIPTION must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_MAX_IN_FLIGHT_PER_SUBSCRIPTION must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 4 : Number(value)))
  notifyMaxInFlightPerSubscription = 4;

  /** VNFM_NOTIFY_RETRY_MIN_MS: first wait before a failed notification is sent again (doubled per attempt, with jitter). */
  @IsInt({ message: 'VNFM_NOTIFY_RETRY_MIN_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_RETRY_MIN_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 1000 : Number(value)))
  notifyRetryMinMs = 1000;

  /** VNFM_NOTIFY_RETRY_MAX_MS: longest wait between two attempts of one notification. */
  @IsInt({ message: 'VNFM_NOTIFY_RETRY_MAX_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_RETRY_MAX_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 300000 : Number(value)))
  notifyRetryMaxMs = 300000;

  /** VNFM_NOTIFY_PARK_AFTER_MS: how long a notification is retried after its first failure before it is parked. */
  @IsInt({ message: 'VNFM_NOTIFY_PARK_AFTER_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_NOTIFY_PARK_AFTER_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 3600000 : Number(value)))
  notifyParkAfterMs = 3600000;

  // The outbound address policy (docs/outbound.md), one pair per kind of URL
  // taken from a request or a registration: VNFM_<USE>_ALLOWED_CIDRS, the
  // comma-separated address ranges such a URL must resolve into (default: any
  // range not denied), and VNFM_<USE>_DENIED_CIDRS, the ranges refused
  // (default: "this network", link-local (cloud metadata), multicast,
  // reserved, unspecified; empty: none). Checked when a policy is built, at
  // the start of the service that uses it.
  /** VNFM_CALLBACK_ALLOWED_CIDRS: LCCN callback URIs and token endpoints. */
  @IsOptional()
  @IsString()
  callbackAllowedCidrs?: string;

  /** VNFM_CALLBACK_DENIED_CIDRS */
  @IsOptional()
  @IsString()
  callbackDeniedCidrs?: string;

  /** VNFM_PACKAGE_URI_ALLOWED_CIDRS: upload_from_uri addresses and their redirects. */
  @IsOptional()
  @IsString()
  packageUriAllowedCidrs?: string;

  /** VNFM_PACKAGE_URI_DENIED_CIDRS */
  @IsOptional()
  @IsString()
  packageUriDeniedCidrs?: string;

  /** VNFM_VIM_ALLOWED_CIDRS: VIM auth_url (Keystone, Kubernetes API server) and oidc_token_url. */
  @IsOptional()
  @IsString()
  vimAllowedCidrs?: string;

  /** VNFM_VIM_DENIED_CIDRS */
  @IsOptional()
  @IsString()
  vimDeniedCidrs?: string;

  /** VNFM_MGMT_RECEIVER_ALLOWED_CIDRS: MgmtDriver receivers (cluster-credentials). */
  @IsOptional()
  @IsString()
  mgmtReceiverAllowedCidrs?: string;

  /** VNFM_MGMT_RECEIVER_DENIED_CIDRS */
  @IsOptional()
  @IsString()
  mgmtReceiverDeniedCidrs?: string;

  /** VNFM_PACKAGE_FETCH_TIMEOUT_MS: how long an upload_from_uri fetch may take in all, redirects included (default 10 minutes). */
  @IsInt({ message: 'VNFM_PACKAGE_FETCH_TIMEOUT_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_PACKAGE_FETCH_TIMEOUT_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 600_000 : Number(value)))
  packageFetchTimeoutMs = 600_000;

  /** VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS: how long an upload_from_uri fetch may wait for the answer's headers or its next byte (default 30 s). */
  @IsInt({ message: 'VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS must be a positive integer' })
  @Min(1, { message: 'VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS must be a positive integer' })
  @Transform(({ value }) => (value === undefined ? 30_000 : Number(value)))
  packageFetchIdleTimeoutMs = 30_000;

  /** VNFM_NOTIFY_TLS_CERT_FILE: PEM client certificate (chain) the VNFM presents to subscribers with authType TLS_CERT (SOL 013 §8.3.4); without it TLS_CERT answers 501. */
  @IsOptional()
  @IsString()
  notifyTlsCertFile?: string;

  /** VNFM_NOTIFY_TLS_KEY_FILE: PEM private key of VNFM_NOTIFY_TLS_CERT_FILE. */
  @ValidateIf((config: VnfmConfig) => config.notifyTlsCertFile !== undefined)
  @IsString({ message: 'VNFM_NOTIFY_TLS_KEY_FILE is required with VNFM_NOTIFY_TLS_CERT_FILE' })
  notifyTlsKeyFile?: string;

  /** VNFM_NOTIFY_TLS_CA_FILE: PEM certificates trusted, besides the system's, for the servers of callback URIs and token endpoints. */
  @IsOptional()
  @IsString()
  notifyTlsCaFile?: string;

  /**
   * VNFM_EVENT_STREAM_BROKERS: comma-separated host:port list of the Kafka the
   * public event stream goes to (docs/event-stream.md); default the bus's
   * VNFM_KAFKA_BROKERS with VNFM_BUS=kafka, otherwise no event stream.
   */
  @IsOptional()
  @Matches(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, { message: 'VNFM_EVENT_STREAM_BROKERS must be a comma-separated list of host:port' })
  eventStreamBrokers?: string;

  /** VNFM_EVENT_STREAM_TOPIC_PREFIX: put before each event-stream topic name. */
  @Matches(/^[A-Za-z0-9._-]*$/, { message: 'VNFM_EVENT_STREAM_TOPIC_PREFIX may hold only letters, digits, ".", "_" and "-"' })
  eventStreamTopicPrefix = 'vnfm.';

  /** VNFM_EVENT_STREAM_LCM_TOPIC: topic of the SOL 003 LCM notifications (after the prefix). */
  @Matches(TOPIC, { message: 'VNFM_EVENT_STREAM_LCM_TOPIC must be a Kafka topic name' })
  eventStreamLcmTopic = 'lcm.notifications.v1';

  /** VNFM_EVENT_STREAM_INSTANCES_TOPIC: topic of the VNF instance lifecycle events (after the prefix). */
  @Matches(TOPIC, { message: 'VNFM_EVENT_STREAM_INSTANCES_TOPIC must be a Kafka topic name' })
  eventStreamInstancesTopic = 'vnf-instances.v1';

  /** VNFM_EVENT_STREAM_PACKAGES_TOPIC: topic of the VNF package lifecycle events (after the prefix). */
  @Matches(TOPIC, { message: 'VNFM_EVENT_STREAM_PACKAGES_TOPIC must be a Kafka topic name' })
  eventStreamPackagesTopic = 'vnf-packages.v1';
}

/** Environment variable → config property. */
export const ENVIRONMENT: Record<string, keyof VnfmConfig> = {
  ...AUTH_ENVIRONMENT,
  VNFM_PORT: 'port',
  VNFM_HOST: 'host',
  VNFM_DATA_DIR: 'dataDir',
  VNFM_BLOB_DIR: 'blobDir',
  VNFM_MAX_PACKAGE_BYTES: 'maxPackageBytes',
  VNFM_PACKAGE_TRUSTED_CA_FILE: 'packageTrustedCaFile',
  VNFM_PACKAGE_SIGNATURE_REQUIRED: 'packageSignatureRequired',
  VNFM_BUS: 'bus',
  VNFM_KAFKA_BROKERS: 'kafkaBrokers',
  VNFM_EVENT_STORE: 'eventStore',
  VNFM_EVENT_STORE_URL: 'eventStoreUrl',
  VNFM_ESDB_URL: 'esdbUrl',
  VNFM_LEASE_TTL_MS: 'leaseTtlMs',
  VNFM_SHUTDOWN_GRACE_MS: 'shutdownGraceMs',
  VNFM_DRAIN_DELAY_MS: 'drainDelayMs',
  VNFM_FSYNC: 'fsync',
  VNFM_LOG_LEVEL: 'logLevel',
  VNFM_REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  VNFM_MASTER_KEY: 'masterKey',
  VNFM_BUS_KEY: 'busKey',
  VNFM_PUBLIC_URL: 'publicUrl',
  VNFM_NOTIFY_TIMEOUT_MS: 'notifyTimeoutMs',
  VNFM_HELM_BINARY: 'helmBinary',
  VNFM_HEALTH_PORT: 'healthPort',
  VNFM_NOTIFY_MAX_IN_FLIGHT: 'notifyMaxInFlight',
  VNFM_NOTIFY_MAX_IN_FLIGHT_PER_SUBSCRIPTION: 'notifyMaxInFlightPerSubscription',
  VNFM_NOTIFY_RETRY_MIN_MS: 'notifyRetryMinMs',
  VNFM_NOTIFY_RETRY_MAX_MS: 'notifyRetryMaxMs',
  VNFM_NOTIFY_PARK_AFTER_MS: 'notifyParkAfterMs',
  VNFM_CALLBACK_ALLOWED_CIDRS: 'callbackAllowedCidrs',
  VNFM_CALLBACK_DENIED_CIDRS: 'callbackDeniedCidrs',
  VNFM_PACKAGE_URI_ALLOWED_CIDRS: 'packageUriAllowedCidrs',
  VNFM_PACKAGE_URI_DENIED_CIDRS: 'packageUriDeniedCidrs',
  VNFM_VIM_ALLOWED_CIDRS: 'vimAllowedCidrs',
  VNFM_VIM_DENIED_CIDRS: 'vimDeniedCidrs',
  VNFM_MGMT_RECEIVER_ALLOWED_CIDRS: 'mgmtReceiverAllowedCidrs',
  VNFM_MGMT_RECEIVER_DENIED_CIDRS: 'mgmtReceiverDeniedCidrs',
  VNFM_PACKAGE_FETCH_TIMEOUT_MS: 'packageFetchTimeoutMs',
  VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS: 'packageFetchIdleTimeoutMs',
  VNFM_NOTIFY_TLS_CERT_FILE: 'notifyTlsCertFile',
  VNFM_NOTIFY_TLS_KEY_FILE: 'notifyTlsKeyFile',
  VNFM_NOTIFY_TLS_CA_FILE: 'notifyTlsCaFile',
  VNFM_EVENT_STREAM_BROKERS: 'eventStreamBrokers',
  VNFM_EVENT_STREAM_TOPIC_PREFIX: 'eventStreamTopicPrefix',
  VNFM_EVENT_STREAM_LCM_TOPIC: 'eventStreamLcmTopic',
  VNFM_EVENT_STREAM_INSTANCES_TOPIC: 'eventStreamInstancesTopic',
  VNFM_EVENT_STREAM_PACKAGES_TOPIC: 'eventStreamPackagesTopic',
};

/** Variables where an empty value means something (no range refused), not "unset". */
export const EMPTY_IS_A_VALUE = [
  'VNFM_CALLBACK_DENIED_CIDRS',
  'VNFM_PACKAGE_URI_DENIED_CIDRS',
  'VNFM_VIM_DENIED_CIDRS',
  'VNFM_MGMT_RECEIVER_DENIED_CIDRS',
];

/** Variables whose values are never echoed, not even in a validation error. */
export const SECRET_VARIABLES = [...AUTH_SECRET_VARIABLES, 'VNFM_MASTER_KEY', 'VNFM_BUS_KEY', 'VNFM_EVENT_STORE_URL', 'VNFM_ESDB_URL'];

/**
 * The values given to SECRET_VARIABLES, and the password of each URL among
 * them (a driver's message may quote it alone): the logger masks them
 * wherever they appear.
 */
export const secretValuesOf = (config: VnfmConfig): string[] =>
  SECRET_VARIABLES.map((variable) => config[ENVIRONMENT[variable]])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .flatMap((value) => [value, ...passwordOf(value)]);

function passwordOf(value: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return [];
  try {
    const password = decodeURIComponent(new URL(value).password);
    return password ? [password] : [];
  } catch {
    return [];
  }
}
