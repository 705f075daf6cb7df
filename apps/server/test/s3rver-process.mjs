// s3rver in a process of its own (test/s3-server.ts starts it): run with --openssl-legacy-provider,
// since s3rver 3.7 makes ListObjectsV2's continuation tokens with DES, which OpenSSL 3 keeps in
// its legacy provider. Argument: the data directory. Prints {"port":N} once listening on 127.0.0.1.
// s3rver answers AbortMultipartUpload with 405; here it removes the upload's parts as S3 does.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';

const [dir, portArg = '0'] = process.argv.slice(2);
if (!dir) throw new Error('usage: s3rver-process.mjs <directory> [port]');
const handler = new S3rver({ silent: true, directory: dir, vhostBuckets: false }).callback();

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://s3');
  const uploadId = url.searchParams.get('uploadId');
  const [, bucket] = url.pathname.split('/');
  if (req.method === 'DELETE' && uploadId !== null && bucket) {
    // AbortMultipartUpload: the parts go, 204 (404 for an upload not known).
    const parts = path.join(dir, path.basename(bucket), '._S3rver_uploads', path.basename(uploadId));
    const found = fs.existsSync(parts);
    fs.rmSync(parts, { recursive: true, force: true });
    res.statusCode = found ? 204 : 404;
    res.end();
    req.resume();
    return;
  }
  handler(req, res);
});
server.listen(Number(portArg), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
