import { describeEventStream, eventStreamSettingsOf } from './event-stream.settings';
import { loadConfig } from './load-config';

describe('event stream settings', () => {
  it('is off in standalone mode, saying why', () => {
    const settings = eventStreamSettingsOf(loadConfig({}));
    expect(settings).toEqual({ on: false, reason: 'no Kafka configured' });
    expect(describeEventStream(settings)).toBe('off (no Kafka configured)');
  });

  it('goes to the bus brokers with VNFM_BUS=kafka, to VNFM_EVENT_STREAM_BROKERS when given, with the prefixed topic names', () => {
    expect(eventStreamSettingsOf(loadConfig({ VNFM_BUS: 'kafka', VNFM_KAFKA_BROKERS: 'k1:9092,k2:9092' }))).toEqual({
      on: true,
      brokers: ['k1:9092', 'k2:9092'],
      topics: { lcmNotifications: 'vnfm.lcm.notifications.v1', vnfInstances: 'vnfm.vnf-instances.v1', vnfPackages: 'vnfm.vnf-packages.v1' },
    });
    const own = eventStreamSettingsOf(
      loadConfig({ VNFM_EVENT_STREAM_BROKERS: 'oss:9092', VNFM_EVENT_STREAM_TOPIC_PREFIX: 'site-a.', VNFM_EVENT_STREAM_LCM_TOPIC: 'lcm' }),
    );
    expect(own).toMatchObject({
      on: true,
      brokers: ['oss:9092'],
      topics: { lcmNotifications: 'site-a.lcm', vnfInstances: 'site-a.vnf-instances.v1' },
    });
    expect(describeEventStream(own)).toBe('on (site-a.lcm, site-a.vnf-instances.v1, site-a.vnf-packages.v1)');
  });

  it('refuses a bad broker list or topic name', () => {
    expect(() => loadConfig({ VNFM_EVENT_STREAM_BROKERS: 'no-port' })).toThrow(
      'VNFM_EVENT_STREAM_BROKERS must be a comma-separated list of host:port',
    );
    expect(() => loadConfig({ VNFM_EVENT_STREAM_LCM_TOPIC: 'a topic' })).toThrow('VNFM_EVENT_STREAM_LCM_TOPIC must be a Kafka topic name');
  });
});
