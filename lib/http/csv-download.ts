/**
 * A CSV file streamed to the browser as its lines are read (a generator that pages through a query),
 * so an export of any size holds one page in memory; a download the browser drops stops the reading.
 * Named `<name>-<today>.csv`.
 */
export function csvDownload(lines: AsyncGenerator<string>, name: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
