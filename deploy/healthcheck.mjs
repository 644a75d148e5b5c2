// The container's health check (Dockerfile HEALTHCHECK, docker-compose.yml): exits 0 when this
// process' /api/health answers 200 within 3 seconds, 1 otherwise. A file, so that no shell
// quoting stands between the check and the compose file's parser.
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
    signal: AbortSignal.timeout(3_000),
  });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
