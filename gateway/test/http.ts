/** A browser-like HTTP client for tests: keeps its cookies, sends JSON, reads JSON. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** The attributes of each Set-Cookie the server sent last, by cookie name. */
  readonly setCookieHeaders = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      this.setCookieHeaders.set(name, header);
      const expired = /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header);
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    // Tests read whatever the server answered; its shape is what they assert.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, body: json, text, headers: response.headers };
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
}
