import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type ObjectInfo, type StorageAdapter, type Visibility } from './adapter';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted services). */
  forcePathStyle?: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * One bucket shared by every server process: objects under `public/<key>` and `private/<key>`. The
 * bucket itself stays private; the server reads public objects for `/uploads` like the disk adapter.
 */
export class S3Storage implements StorageAdapter {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      maxAttempts: 3,
    });
  }

  private objectKey(visibility: Visibility, key: string) {
    assertStorageKey(key);
    return `${visibility}/${key}`;
  }

  async write(visibility: Visibility, key: string, data: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(visibility, key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async stat(visibility: Visibility, key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
      );
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(visibility: Visibility, key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
      return {
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? 'application/octet-stream',
        lastModified: object.LastModified ?? new Date(0),
        body: object.Body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(visibility: Visibility, key: string) {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
    );
  }

  /** HEAD on the bucket: the service answers, the credentials are accepted, the bucket exists. */
  async probe() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close() {
    this.client.destroy();
  }
}
