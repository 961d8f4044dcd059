export function FormMessage({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft text-sm" data-testid="form-error">
      {text}
    </div>
  );
}
