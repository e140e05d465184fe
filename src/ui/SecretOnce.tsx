import { useTr } from "../i18n/refine";

// A secret the server shows once (a webhook's signing secret, an API key): the words about it, the secret selectable
// in a read-only box, and a copy button. Nothing keeps it once the screen moves on.

export function SecretOnce({ label, secret, note }: { label: string; secret: string; note: string }) {
  const tr = useTr();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // Clipboard refused (insecure context): the secret stays selectable in the box.
    }
  };
  return (
    <div className="secret-once" role="status">
      <p className="secret-once-note">{note}</p>
      <div className="secret-once-row">
        <input className="secret-once-value" aria-label={label} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="secret-once-copy" onClick={() => void copy()}>
          {tr("ui.secretOnce.copy", "Copy")}
        </button>
      </div>
    </div>
  );
}
