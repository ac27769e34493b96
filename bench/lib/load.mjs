/**
 * Runs autocannon against one request and prints requests/s and latency percentiles, with every response
 * that was not the expected status counted, so a fast run of errors cannot pass for a fast run.
 */
import autocannon from 'autocannon';

export async function runLoad({ url, method = 'GET', headers = {}, body, connections = 10, duration = 5, expectStatus = 200 }) {
  let unexpected = 0;
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration,
    // autocannon counts only non-2xx by default; the expected status is checked here exactly.
    setupClient: (client) => {
      client.on('response', (statusCode) => {
        if (statusCode !== expectStatus) unexpected += 1;
      });
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    unexpected,
    connections,
    duration,
  };
}

export function formatLoad(label, load) {
  const problems = load.errors + load.unexpected > 0 ? `  !! ${load.errors} errors, ${load.unexpected} unexpected statuses` : '';
  return (
    `${label.padEnd(44)} ${load.requestsPerSecond.toFixed(1).padStart(8)} req/s   p50 ${String(load.p50Ms).padStart(4)} ms   ` +
    `p99 ${String(load.p99Ms).padStart(4)} ms   (${load.total} requests, ${load.connections} connections, ${load.duration} s)${problems}`
  );
}
