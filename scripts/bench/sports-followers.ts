import { openFollowers } from './sports-live';

/**
 * The 1,000 followers in a process of their own, so that reading 20,000 messages a second does not
 * delay the publisher's clock readings. Times are wall-clock (timeOrigin + now) in both processes.
 */
const [wsUrl = '', matchId = '0', count = '0'] = process.argv.slice(2);
const delays: number[] = [];
const sockets = await openFollowers(wsUrl, Number(matchId), Number(count), (ms) => delays.push(ms));
process.send?.({ type: 'ready' });
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') delays.length = 0;
  if (message.type === 'collect') {
    for (const socket of sockets) socket.terminate();
    process.send?.({ type: 'delays', delays }, () => process.exit(0));
  }
});
