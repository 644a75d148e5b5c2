import http from "node:http";

/** What a purchase answers: its status, the ticket's number (201) or the refusal's message. */
export interface Purchase {
  status: number;
  number?: number;
  message?: string;
}

/**
 * The buyers' HTTP client of `bench:lottery`: one keep-alive connection per buyer (node:http's
 * Agent), each purchase's body and headers made once per lottery and buyer. It shares the
 * benchmark's two cores with the server and PostgreSQL, so it is kept light: `fetch` spent about
 * 0.27 ms of CPU per request here, node:http on kept connections about 0.08 ms (a local echo
 * server, 20,000 requests, 200 in flight). Each purchase is still one real POST answered by the
 * server, with an Idempotency-Key of its own as the web client sends (client/src/lib/send-once.ts);
 * only the answer's JSON is parsed, for the ticket number the benchmark checks.
 */
export function keepAliveBuyers(url: string, buyers: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers });
  const { hostname, port } = new URL(url);
  let purchases = 0;
  return {
    /** A buyer's purchase of a ticket of `code`, ready to send again and again. */
    purchaseFor(token: string, code: string): () => Promise<Purchase> {
      const body = JSON.stringify({ code });
      const options: http.RequestOptions = {
        agent,
        hostname,
        port,
        method: "POST",
        path: "/api/game/lottery/buy/ticket",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      };
      const headers = options.headers as http.OutgoingHttpHeaders;
      return () =>
        post(
          { ...options, headers: { ...headers, "idempotency-key": `bench-${++purchases}` } },
          body,
        );
    },
    close: () => agent.destroy(),
  };
}

function post(options: http.RequestOptions, body: string): Promise<Purchase> {
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        try {
          const answer = JSON.parse(text) as { myLotteryNumber?: number; message?: string };
          resolve({ status, number: answer.myLotteryNumber, message: answer.message });
        } catch {
          resolve({ status, message: text.slice(0, 200) });
        }
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}
