// The server's logger: pino, one JSON line per event ({"level":"info","time":"…","msg":"…",…fields}),
// levelled by LOG_LEVEL. Secrets never reach a line: pino's redact censors passwords, tokens, codes,
// cookies and Authorization headers wherever a caller puts them in the fields (REDACTED_PATHS).
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'code',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
  'set-cookie',
];

/** Field paths censored in every line, at the top level and one or two levels down. */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? k : `.${k}`;
  return [k, `*${dot}`, `*.*${dot}`];
});

export interface LoggerOptions {
  /** Where the lines go (tests capture them); standard output by default. */
  destination?: DestinationStream;
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  const base = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) =>
    fields ? base[lvl](fields, message) : base[lvl](message);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
