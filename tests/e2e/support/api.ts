/**
 * The API as an end-to-end test drives it beside the browser: the merchant's and
 * administrator's side, and reading balances. /merchant and /admin calls are served at
 * their own path, the rest under /client.
 */
export function apiClient(baseUrl: () => string) {
  async function call<T>(path: string, body: unknown = {}, token?: string): Promise<T> {
    const url = /^\/(merchant|admin)\//.test(path) ? `${baseUrl()}${path}` : `${baseUrl()}/client${path}`;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; msg?: string; data: T };
    if (env.code !== 1) throw new Error(`${path} answered code ${env.code}: ${env.msg}`);
    return env.data;
  }
  async function login(who: { email: string; password: string }): Promise<string> {
    return (await call<{ token: string }>("/userAuth/login", { loginName: who.email, loginPwd: who.password, type: "EMAIL" })).token;
  }
  return { call, login };
}
