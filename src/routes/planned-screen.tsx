// A route whose screen belongs to a later issue: says so plainly instead of a blank page.
export function PlannedScreen({ title }: { title: string }) {
  return (
    <main className="screen">
      <h1>{title}</h1>
      <p className="muted">
        This part of Diecast Garage is being built. Your collection works fully meanwhile.
      </p>
    </main>
  );
}
