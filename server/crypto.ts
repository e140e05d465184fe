import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { deflateRaw, deflateRawSync, inflateRaw, inflateRawSync } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);
/** Bytes encrypted between two turns of the event loop. */
const CIPHER_PIECE = 256 * 1024;
/** Lets the event loop run what waits (other requests) before going on. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
import { type Config, ConfigError } from "./config";

declare module "fastify" {
  interface FastifyInstance {
    /** Seals secrets stored at rest (OAuth tokens) with the master key. */
    secrets: SecretBox;
  }
}

// Transcripts are encrypted at rest with AES-256-GCM. One master key (TRANSCRIPT_KEY, or a key generated on first
// start into DATA_DIR/transcript.key) derives, with HKDF-SHA256, the encryption key and one search key per guild.
// The search key turns each word into an HMAC, so the database can find transcripts by word without holding words.
// The same master key derives the key that seals other secrets at rest (the users' OAuth tokens: `secrets`).

export const KEY_FILE_NAME = "transcript.key";
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** A sealed record: ciphertext, its random IV and the GCM authentication tag. */
export interface Sealed {
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
}

export class TranscriptDecryptError extends Error {
  constructor() {
    super("transcript could not be decrypted (wrong key or tampered record)");
  }
}

/** Parses TRANSCRIPT_KEY: 64 hex characters, or base64 (standard or url-safe) of exactly 32 bytes. */
export function parseTranscriptKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return null;
}

/**
 * Reads DATA_DIR/transcript.key, creating it (mode 0600) when absent. Creation is atomic (write a private
 * temporary file, then hard-link it into place), so two processes starting together agree on one key.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  const read = () => {
    // The key opens every transcript and sealed secret: a copy readable by other users is a leak waiting to happen.
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077) {
      throw new ConfigError(
        `The transcript key file ${file} can be read by other users (mode ${mode.toString(8).padStart(4, "0")}): run chmod 600 ${file}, or set TRANSCRIPT_KEY instead`,
      );
    }
    const key = parseTranscriptKey(fs.readFileSync(file, "utf8"));
    if (!key) throw new ConfigError(`Invalid transcript key file ${file}: expected 64 hex characters`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, `${randomBytes(KEY_BYTES).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return read();
}

export interface TranscriptKeyring {
  /** Short public fingerprint of the master key (never the key): tells which key sealed a database. */
  readonly keyId: string;
  /** Compresses and encrypts; `aad` binds the ciphertext to its row (guild and ticket). */
  seal(plaintext: string, aad: string): Sealed;
  /**
   * The same, without holding the event loop for a long transcript: compressed on libuv's thread pool, encrypted
   * in pieces with the event loop turning between them. Opens with `open` like any other.
   */
  sealAsync(plaintext: string, aad: string): Promise<Sealed>;
  /** Throws TranscriptDecryptError when the key is wrong or anything was altered. */
  open(sealed: { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array }, aad: string): string;
  /** The same, decompressed on libuv's thread pool (a long transcript's view). */
  openAsync(sealed: { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array }, aad: string): Promise<string>;
  /** Keyed hash (hex) of one normalised search term, with the guild's own search key. */
  termHash(guildId: string, term: string): string;
  /** Seals short secrets stored in text columns (OAuth tokens). */
  readonly secrets: SecretBox;
}

/**
 * Short secrets in text columns: `v1.<iv>.<tag>.<ciphertext>` (base64url, AES-256-GCM, `aad` binds a value to its
 * row and column). `open` returns null for a value that does not open (wrong key, altered, or not sealed).
 */
export interface SecretBox {
  seal(plaintext: string, aad: string): string;
  open(sealed: string, aad: string): string | null;
}

const SECRET_PREFIX = "v1.";

function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return SECRET_PREFIX + [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url")).join(".");
    },
    open(sealed, aad) {
      if (!sealed.startsWith(SECRET_PREFIX)) return null;
      const [iv, tag, ciphertext] = sealed
        .slice(SECRET_PREFIX.length)
        .split(".")
        .map((part) => Buffer.from(part, "base64url"));
      if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAAD(Buffer.from(aad, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

export function createKeyring(masterKey: Buffer): TranscriptKeyring {
  if (masterKey.length !== KEY_BYTES) throw new Error("the transcript master key must be 32 bytes");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), info, KEY_BYTES));
  const encryptionKey = derive("ticketeer/transcripts/aes-256-gcm/v1");
  const searchKeys = new Map<string, Buffer>();
  const searchKey = (guildId: string) => {
    let key = searchKeys.get(guildId);
    if (!key) {
      key = derive(`ticketeer/transcripts/search/v1/${guildId}`);
      searchKeys.set(guildId, key);
    }
    return key;
  };
  const keyId = createHmac("sha256", masterKey).update("ticketeer/transcripts/key-id").digest("hex").slice(0, 16);
  const decrypt = (sealed: { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array }, aad: string) => {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey, toBuffer(sealed.iv));
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(toBuffer(sealed.tag));
    return Buffer.concat([decipher.update(toBuffer(sealed.ciphertext)), decipher.final()]);
  };

  return {
    keyId,
    secrets: createSecretBox(derive("ticketeer/secrets/aes-256-gcm/v1")),
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(plaintext, "utf8"))), cipher.final()]);
      return { ciphertext, iv, tag: cipher.getAuthTag() };
    },
    async sealAsync(plaintext, aad) {
      const compressed = await deflateRawAsync(Buffer.from(plaintext, "utf8"));
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const parts: Buffer[] = [];
      for (let i = 0; i < compressed.length; i += CIPHER_PIECE) {
        if (i > 0) await turn();
        parts.push(cipher.update(compressed.subarray(i, i + CIPHER_PIECE)));
      }
      parts.push(cipher.final());
      return { ciphertext: Buffer.concat(parts), iv, tag: cipher.getAuthTag() };
    },
    open(sealed, aad) {
      try {
        return inflateRawSync(decrypt(sealed, aad)).toString("utf8");
      } catch {
        throw new TranscriptDecryptError();
      }
    },
    async openAsync(sealed, aad) {
      let compressed: Buffer;
      try {
        compressed = decrypt(sealed, aad);
      } catch {
        throw new TranscriptDecryptError();
      }
      try {
        return (await inflateRawAsync(compressed)).toString("utf8");
      } catch {
        throw new TranscriptDecryptError();
      }
    },
    termHash(guildId, term) {
      // 128 bits are plenty to tell words apart and halve the index size.
      return createHmac("sha256", searchKey(guildId)).update(term, "utf8").digest("hex").slice(0, 32);
    },
  };
}

/** Drivers return binary columns as Buffer (pg, better-sqlite3) or Uint8Array. */
function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

// One keyring per master key and process: the route plugin registers the configured one, and the demo seed finds
// it again through the key id recorded in the database (seed steps only receive a database handle).
const keyrings = new Map<string, TranscriptKeyring>();

/** The keyring of a configuration: TRANSCRIPT_KEY when set (must parse), else the key file in DATA_DIR. */
export function keyringFor(config: Pick<Config, "transcriptKey" | "dataDir">): TranscriptKeyring {
  let master: Buffer;
  if (config.transcriptKey !== undefined) {
    const parsed = parseTranscriptKey(config.transcriptKey);
    if (!parsed) throw new ConfigError("Invalid configuration: TRANSCRIPT_KEY must be 64 hex characters or the base64 of 32 bytes");
    master = parsed;
  } else {
    master = loadOrCreateKeyFile(config.dataDir);
  }
  const cacheKey = createHash("sha256").update(master).digest("hex");
  let keyring = keyrings.get(cacheKey);
  if (!keyring) {
    keyring = createKeyring(master);
    keyrings.set(cacheKey, keyring);
  }
  return keyring;
}

/** A keyring created in this process, by its key id. */
export const keyringById = (keyId: string) => [...keyrings.values()].find((k) => k.keyId === keyId);
