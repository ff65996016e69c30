export default function PaymentLinkNotFound() {
  return (
    <main>
      <div className="card" role="alert">
        <h1>Payment link not found</h1>
        <p className="muted">This payment link is not valid. Ask the merchant for a new one.</p>
      </div>
    </main>
  );
}
