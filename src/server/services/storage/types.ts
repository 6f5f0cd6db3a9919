/** The one interface both storage drivers implement (local disk by default, S3 when configured). */
import type { Readable } from 'node:stream';

export type SignUploadInput = {
  key: string;
  contentType: string;
  /** The exact byte length the client will PUT (the URL is then valid for this size only), if known. */
  size?: number;
  expiresInSeconds: number;
};

export type SignedUpload = {
  /** Where the client PUTs the bytes. */
  signedUrl: string;
  /** Where the object is read once uploaded. */
  publicUrl: string;
  /** Headers the PUT must carry (exactly these values: they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
};

export type PutObjectInput = {
  key: string;
  body: Buffer | Readable;
  contentType: string;
  size: number;
};

export type StoredObjectData = {
  body: Readable;
  contentType: string;
  /** Bytes in body (the range's length when a range was asked for). */
  size: number;
};

/** Inclusive byte range, already validated against the object's size. */
export type ByteRange = { start: number; end: number };

/** What the store itself says about an object (the type it was stored with, its real size). */
export type StoredObjectInfo = { contentType: string; size: number };

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  signUpload(input: SignUploadInput): Promise<SignedUpload>;
  /** Writes an object. The local driver refuses to replace an existing one (ObjectExistsError). */
  putObject(input: PutObjectInput): Promise<void>;
  /** The object's bytes (or one range of them) as a stream, or null when there is no such object. */
  getObject(key: string, range?: ByteRange): Promise<StoredObjectData | null>;
  /** The URL browsers read a public object from. */
  publicUrlFor(key: string): string;
  /** The object's stored type and size without reading it, or null when there is no such object. */
  head(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes an object; deleting one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`, in pages as the store lists them (a person's objects, to delete them all). */
  listKeys(prefix: string): AsyncIterable<string>;
}

export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`Object ${key} already exists.`);
    this.name = 'ObjectExistsError';
  }
}

export class ObjectSizeMismatchError extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`Expected ${expected} bytes, got ${actual}.`);
    this.name = 'ObjectSizeMismatchError';
  }
}
