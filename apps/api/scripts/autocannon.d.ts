// The part of autocannon 9's API the bench and the load test (test/reliability/load.test.ts) use (the package
// ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: 'GET' | 'POST';
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      onResponse?: (status: number, body: string, context: object, headers: Record<string, string>) => void;
      /** Called before each request with the request as built so far; answers the request to send. */
      setupRequest?: (req: Request, context: object) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      requests: { total: number; average: number };
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      '2xx': number;
      '5xx': number;
      /** Answers per status code, e.g. `{ '200': { count: 500 } }`. */
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends PromiseLike<Result> {
      on(
        event: 'response',
        listener: (client: unknown, status: number, bytes: number, ms: number) => void,
      ): this;
    }
  }
  /** Without a callback: an event emitter that is also a promise of the result. */
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
