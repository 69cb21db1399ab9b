#!/usr/bin/env node
// The container's and service manager's liveness check: GET /healthz on this process's port, exit 0 on 200.
// Plain JavaScript without dependencies, so that a check costs a Node start and nothing more.
const byMode = { management: 3000, public: 3100, website: 3200 };
const port = process.env.PORT || byMode[process.env.SERVER_MODE || 'management'] || 3000;
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2500) });
  process.exit(res.status === 200 ? 0 : 1);
} catch (err) {
  process.stderr.write(`healthcheck: http://127.0.0.1:${port}/healthz: ${err.cause?.code ?? err.message}\n`);
  process.exit(1);
}
