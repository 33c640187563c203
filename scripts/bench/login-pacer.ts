/**
 * Sends logins at a steady rate from its own process, so the load it makes does not disturb the
 * latency the bench measures in the parent. Input (env): PACER_URL, PACER_NAMES (comma separated),
 * PACER_PASSWORD, PACER_RATE (per second), PACER_SECONDS. Prints one JSON line of results.
 */
const url = process.env.PACER_URL ?? '';
const names = (process.env.PACER_NAMES ?? '').split(',').filter(Boolean);
const password = process.env.PACER_PASSWORD ?? '';
const rate = Number(process.env.PACER_RATE ?? '8');
const seconds = Number(process.env.PACER_SECONDS ?? '10');

const latencies: number[] = [];
let failures = 0;
let sent = 0;

async function loginOnce(index: number): Promise<void> {
  const name = names[index % names.length] ?? '';
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(index >> 8) & 255}.${index & 255}.77` },
      body: JSON.stringify({ user_name: name, password, type: 'C' }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - started);
}

const inFlight: Promise<void>[] = [];
const started = performance.now();
console.log('ready');
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    if (performance.now() - started >= seconds * 1000) {
      clearInterval(timer);
      resolve();
      return;
    }
    inFlight.push(loginOnce(sent));
    sent += 1;
  }, 1000 / rate);
});
await Promise.all(inFlight);
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
console.log(JSON.stringify({ sent, failures, perSecond: sent / seconds, p99Ms: Math.round(p99) }));

export {};
