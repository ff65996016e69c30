// The slice of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
  };
  export type Result = {
    latency: Histogram;
    requests: Histogram & { sent: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
