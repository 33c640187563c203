import { openFollowers } from './sports-live';

/**
 * A share of the followers (sports.ts and memory.ts run several of these), in processes of their own so
 * that reading 20,000 messages a second neither delays the publisher's clock readings nor queues
 * one burst's sockets behind each other on one thread. Times are wall-clock (timeOrigin + now) in
 * every process.
 */
const [wsUrl = '', matchIds = '0', count = '0'] = process.argv.slice(2);
const delays: number[] = [];
// One match id, or several separated by commas: follower i follows the i-th (round robin).
const sockets = await openFollowers(wsUrl, matchIds.split(',').map(Number), Number(count), (ms) => delays.push(ms));
process.send?.({ type: 'ready' });
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') delays.length = 0;
  if (message.type === 'collect') {
    for (const socket of sockets) socket.destroy();
    process.send?.({ type: 'delays', delays }, () => process.exit(0));
  }
});
