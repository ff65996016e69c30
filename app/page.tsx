export default function Home() {
  return (
    <main>
      <div className="card">
        <h1>Payment service</h1>
        <p className="muted">
          Merchants create payments through the API (<a href="/openapi.json">OpenAPI document</a>) and send buyers to
          the payment&apos;s checkout link.
        </p>
      </div>
    </main>
  );
}
