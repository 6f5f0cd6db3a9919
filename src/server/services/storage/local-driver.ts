/**
 * The embedded default: objects as files under <DATA_DIR>/storage/objects/<key>, a JSON sidecar with
 * the content type under <DATA_DIR>/storage/meta/<key>.json, served by /api/storage/<key>. Writes go
 * to a temporary file first and are published with link(2), which fails if the object exists: an
 * object is never overwritten, even by two racing uploads.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, link, copyFile, constants as fsConstants, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeFromName } from './media-types';
import { isValidKey, keyToUrlPath } from './keys';
import { signLocalUpload } from './signing';
import {
  ObjectExistsError,
  ObjectSizeMismatchError,
  type ByteRange,
  type PutObjectInput,
  type SignUploadInput,
  type SignedUpload,
  type StorageDriver,
  type StoredObjectData,
  type StoredObjectInfo,
} from './types';

export type LocalDriverOptions = {
  /** <DATA_DIR>/storage */
  root: string;
  /** Absolute app origin, e.g. http://localhost:3000 */
  appOrigin: string;
};

/** The path under which the app serves and receives local objects. */
export const LOCAL_STORAGE_ROUTE = '/api/storage/';

export function createLocalDriver(options: LocalDriverOptions): StorageDriver {
  const root = path.resolve(options.root);
  const objectsDir = path.join(root, 'objects');
  const metaDir = path.join(root, 'meta');
  const tmpDir = path.join(root, 'tmp');
  const origin = options.appOrigin.replace(/\/+$/, '');

  function resolveUnder(base: string, key: string, suffix = ''): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    const full = path.join(base, ...key.split('/')) + suffix;
    if (!full.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return full;
  }
  const objectPath = (key: string) => resolveUnder(objectsDir, key);
  const metaPath = (key: string) => resolveUnder(metaDir, key, '.json');

  function publicUrlFor(key: string): string {
    return `${origin}${LOCAL_STORAGE_ROUTE}${keyToUrlPath(key)}`;
  }

  /** The type the object was stored with (its sidecar), or its extension's until the sidecar is written. */
  async function storedContentType(key: string): Promise<string> {
    try {
      const parsed = JSON.parse(await readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof parsed.contentType === 'string') return parsed.contentType;
    } catch {
      // The sidecar is written right after the object; until then the extension decides.
    }
    return contentTypeFromName(key) ?? 'application/octet-stream';
  }

  /** The object file's size, or null when there is none. */
  async function fileSize(key: string): Promise<number | null> {
    try {
      const info = await stat(objectPath(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function tempFile(): Promise<string> {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async function writeBody(file: string, body: Buffer | Readable, size: number): Promise<void> {
    if (Buffer.isBuffer(body)) {
      if (body.length !== size) throw new ObjectSizeMismatchError(size, body.length);
      await writeFile(file, body, { flag: 'wx' });
      return;
    }
    let written = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written > size) callback(new ObjectSizeMismatchError(size, written));
        else callback(null, chunk);
      },
    });
    await pipeline(body, counter, createWriteStream(file, { flags: 'wx' }));
    if (written !== size) throw new ObjectSizeMismatchError(size, written);
  }

  /** Publishes tmp at target unless target exists (atomic where hard links work). */
  async function publishExclusive(tmp: string, target: string, key: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(tmp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new ObjectExistsError(key);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
      // File systems without hard links: an exclusive copy still never overwrites.
      try {
        await copyFile(tmp, target, fsConstants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw copyError;
      }
    }
  }

  return {
    kind: 'local',

    async signUpload(input: SignUploadInput): Promise<SignedUpload> {
      const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
      const size = input.size ?? null;
      const sig = signLocalUpload({ key: input.key, contentType: input.contentType, size, expires });
      const query = new URLSearchParams({ expires: String(expires), type: input.contentType, ...(size === null ? {} : { size: String(size) }), sig });
      return {
        signedUrl: `${publicUrlFor(input.key)}?${query.toString()}`,
        publicUrl: publicUrlFor(input.key),
        headers: { 'Content-Type': input.contentType },
        expiresAt: new Date(expires * 1000),
      };
    },

    async putObject(input: PutObjectInput): Promise<void> {
      const target = objectPath(input.key);
      const meta = metaPath(input.key);
      const tmp = await tempFile();
      try {
        await writeBody(tmp, input.body, input.size);
        await publishExclusive(tmp, target, input.key);
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
      const metaTmp = await tempFile();
      await writeFile(metaTmp, JSON.stringify({ contentType: input.contentType, size: input.size }));
      await mkdir(path.dirname(meta), { recursive: true });
      await rename(metaTmp, meta);
    },

    async getObject(key: string, range?: ByteRange): Promise<StoredObjectData | null> {
      if (!isValidKey(key)) return null;
      const file = objectPath(key);
      const size = await fileSize(key);
      if (size === null) return null;
      const contentType = await storedContentType(key);
      if (range) {
        const end = Math.min(range.end, size - 1);
        return { body: createReadStream(file, { start: range.start, end }), contentType, size: Math.max(0, end - range.start + 1) };
      }
      return { body: createReadStream(file), contentType, size };
    },

    publicUrlFor,

    async head(key: string): Promise<StoredObjectInfo | null> {
      if (!isValidKey(key)) return null;
      const size = await fileSize(key);
      return size === null ? null : { contentType: await storedContentType(key), size };
    },

    async exists(key: string): Promise<boolean> {
      if (!isValidKey(key)) return false;
      try {
        return (await stat(objectPath(key))).isFile();
      } catch {
        return false;
      }
    },

    async delete(key: string): Promise<void> {
      if (!isValidKey(key)) return;
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },

    async *listKeys(prefix: string): AsyncIterable<string> {
      // The folder of the prefix's last whole segment is walked; its files are filtered by the rest.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder ? path.join(objectsDir, ...folder.split('/').filter(Boolean)) : objectsDir;
      if (!start.startsWith(objectsDir)) return;
      let entries;
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(objectsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (key.startsWith(prefix) && isValidKey(key)) yield key;
      }
    },
  };
}
