import { feedback } from './feedback';
import { i18n } from './i18n';
import { CONSOLE_HEADERS, ERROR_MESSAGE_SECONDS, RequestError } from './request';
import { runtimeConfig } from './runtime-config';

/** File transfers (import uploads, template and export downloads) outlive the 10 s JSON time-out. */
const FILE_TIMEOUT_MS = 120_000;

/** One problem the server found in an uploaded file; `row` is the spreadsheet's row number. */
export interface FileRowError {
  row?: number;
  path?: string;
  field?: string;
  message: string;
}

export class FileRequestError extends RequestError {
  readonly errors: FileRowError[];
  constructor(message: string, status: number, code: number | undefined, errors: FileRowError[]) {
    super(message, status, code);
    this.errors = errors;
  }
}

/** The session travels in the HttpOnly cookie; the console header lets the server accept it (CSRF rule). */
function authHeaders(): Record<string, string> {
  return { ...CONSOLE_HEADERS };
}

function rowErrors(result: unknown): FileRowError[] {
  const list = (result as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e): FileRowError[] => {
    if (!e || typeof e !== 'object') return [];
    const o = e as Record<string, unknown>;
    const message = String(o.message ?? o.reason ?? '');
    const row = typeof o.row === 'number' ? o.row : undefined;
    return [
      {
        message,
        ...(row !== undefined ? { row } : {}),
        ...(typeof o.path === 'string' ? { path: o.path } : {}),
        ...(typeof o.field === 'string' ? { field: o.field } : {}),
      },
    ];
  });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FILE_TIMEOUT_MS);
  try {
    return await fetch(`${runtimeConfig().apiUrl}${path}`, {
      credentials: 'same-origin',
      ...init,
      signal: controller.signal,
    });
  } catch {
    throw new FileRequestError(i18n.t('request.networkError'), 0, undefined, []);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads an error envelope (or its absence) into a FileRequestError. */
async function failure(response: Response): Promise<FileRequestError> {
  try {
    const env = (await response.json()) as { code?: number; reason?: string; result?: unknown };
    return new FileRequestError(
      env.reason || i18n.t('request.error'),
      response.status,
      env.code,
      rowErrors(env.result),
    );
  } catch {
    return new FileRequestError(
      i18n.t('request.httpStatus', { status: response.status }),
      response.status,
      undefined,
      [],
    );
  }
}

function fileNameOf(response: Response, fallback: string): string {
  const cd = response.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POSTs JSON and downloads the binary answer (a template or an export). A JSON answer is an error
 * envelope: it is shown like any failed call and rethrown.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<string> {
  const response = await send(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authHeaders() },
    body: JSON.stringify(body ?? {}),
  });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('json')) {
    const error = await failure(response);
    feedback().message.error({ content: error.message, duration: ERROR_MESSAGE_SECONDS });
    throw error;
  }
  const name = fileNameOf(response, fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/**
 * Uploads one file as multipart/form-data and resolves to the envelope's result. Failures are NOT
 * toasted: the import dialog lists the server's row-numbered errors itself.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await send(path, { method: 'POST', headers: authHeaders(), body: form });
  type Env = { code?: number; reason?: string; result?: unknown };
  let env: Env | null = null;
  try {
    env = (await response.clone().json()) as Env;
  } catch {
    env = null;
  }
  if (env && env.code === 0 && response.ok) return env.result as T;
  throw await failure(response);
}

/** GETs a file the signed-in user may read (an inspection photo) as a blob; failures are thrown. */
export async function fetchBlob(path: string): Promise<Blob> {
  const response = await send(path, { method: 'GET', headers: authHeaders() });
  if (!response.ok) throw await failure(response);
  return response.blob();
}
