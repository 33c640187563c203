import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createLocalEventBus, type EventBus } from './event-bus';

/** Every channel is `{REDIS_PREFIX}bus:{topic}`. */
const CHANNEL_PREFIX = 'bus:';

interface Envelope {
  /** The publishing instance: it has already delivered to its own subscribers. */
  from: string;
  payload: unknown;
}

/**
 * The event bus across instances: Redis pub/sub carries every message to the other instances,
 * while this instance's subscribers get it at once, in process. One extra Redis connection
 * subscribes to exactly the topics this instance has handlers for.
 */
export function createRedisEventBus(publisher: Redis, onError: (error: unknown) => void = () => {}, redisPrefix = ''): EventBus {
  const instanceId = randomUUID();
  const channelPrefix = redisPrefix + CHANNEL_PREFIX;
  const local = createLocalEventBus();
  // No ready check: its INFO would be refused once the connection is in subscriber mode.
  const subscriber = publisher.duplicate({ enableReadyCheck: false });
  const counts = new Map<string, number>();
  subscriber.on('error', onError);
  subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.toString('utf8')) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instanceId) return;
    local.publish(channel.toString('utf8').slice(channelPrefix.length), envelope.payload);
  });

  return {
    publish(topic, payload) {
      local.publish(topic, payload);
      const text = JSON.stringify({ from: instanceId, payload } satisfies Envelope);
      publisher.publish(channelPrefix + topic, text).catch(onError);
    },
    publishLocal: (topic, payload) => local.publishLocal(topic, payload),
    hasLocalSubscribers: (topic) => local.hasLocalSubscribers(topic),
    subscribe(topic, handler) {
      const unsubscribe = local.subscribe(topic, handler);
      const count = counts.get(topic) ?? 0;
      counts.set(topic, count + 1);
      if (count === 0) subscriber.subscribe(channelPrefix + topic).catch(onError);
      let isDone = false;
      return () => {
        if (isDone) return;
        isDone = true;
        unsubscribe();
        const left = (counts.get(topic) ?? 1) - 1;
        if (left > 0) {
          counts.set(topic, left);
          return;
        }
        counts.delete(topic);
        subscriber.unsubscribe(channelPrefix + topic).catch(onError);
      };
    },
    async close() {
      await local.close();
      counts.clear();
      subscriber.disconnect();
    },
  };
}
