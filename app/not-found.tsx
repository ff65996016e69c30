export default function NotFound() {
  return (
    <main>
      <div className="card" role="alert">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
      </div>
    </main>
  );
}
