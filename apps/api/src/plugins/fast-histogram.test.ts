import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastHistogram } from './fast-histogram';

describe('FastHistogram', () => {
  it('exports cumulative buckets, +Inf, sum and count per series in the Prometheus text format', async () => {
    const registry = new Registry();
    const histogram = new FastHistogram('t_seconds', 'test', [0.001, 0.005, 10], registry);
    const ok = histogram.series({ endpoint: 'health', status: '200' });
    for (const value of [0.0005, 0.003, 0.005, 20]) ok(value);
    // The same labels find the same series.
    histogram.series({ endpoint: 'health', status: '200' })(0.001);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE t_seconds histogram');
    expect(text).toContain('t_seconds_bucket{le="0.001",endpoint="health",status="200"} 2');
    expect(text).toContain('t_seconds_bucket{le="0.005",endpoint="health",status="200"} 4');
    expect(text).toContain('t_seconds_bucket{le="10",endpoint="health",status="200"} 4');
    expect(text).toContain('t_seconds_bucket{le="+Inf",endpoint="health",status="200"} 5');
    expect(text).toContain('t_seconds_sum{endpoint="health",status="200"} 20.0095');
    expect(text).toContain('t_seconds_count{endpoint="health",status="200"} 5');
  });
});
