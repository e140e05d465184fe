import { Button } from "antd";
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTr } from "../../i18n/refine";
import { HttpError } from "../../providers/http";
import { commandLabel, commandUsage, type BotCommand } from "../../schemas/commands";
import { slashCommands } from "../../schemas/command-list";
import type { DemoInteractionInput } from "../../schemas/demo";
import { demoMessageMax } from "../../schemas/demo";
import { demoApi } from "./demo-api";

// The message box, as Discord's: text, or a slash command with its options (autocomplete from the bot). Typing "/"
// opens the command menu; the arrow keys move through it, Enter or Tab picks (Escape closes it); the chosen command
// stays in the box with its options, the first one focused, and Enter runs it. Backspace in an empty box turns the
// command back into text. Focus never leaves the box.

const commandName = (c: BotCommand) => (c.subcommand ? `${c.name} ${c.subcommand}` : c.name);

export function Composer({
  guildId,
  channelId,
  busy,
  onInteract,
  onSent,
}: {
  guildId: string;
  channelId: string;
  busy: boolean;
  onInteract: (input: DemoInteractionInput) => Promise<unknown>;
  onSent: () => Promise<void>;
}) {
  const tr = useTr();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [command, setCommand] = useState<BotCommand | null>(null);
  const [options, setOptions] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<Record<string, { value: string; label: string }[]>>({});
  const [active, setActive] = useState(0);
  /** The menu closed with Escape, until the text changes. */
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const commandBox = useRef<HTMLDivElement>(null);
  const typed = text.trimEnd();
  const matching =
    text.startsWith("/") && !command && !dismissed
      ? slashCommands.filter((c) => commandLabel(c).startsWith(typed) || typed.startsWith(`${commandLabel(c)} `))
      : [];
  const menuOpen = matching.length > 0;
  const activeIndex = Math.min(active, Math.max(0, matching.length - 1));
  const listId = `try-it-commands-${channelId}`;
  const optionId = (c: BotCommand) => `try-it-command-${c.key}`;

  // After a command is chosen: its first option, or the command itself, holds the focus; after it ran (or was
  // cleared), the text box.
  const backToText = useRef(false);
  useLayoutEffect(() => {
    if (command) {
      const first = commandBox.current?.querySelector<HTMLInputElement>("input");
      (first ?? commandBox.current)?.focus();
    } else if (backToText.current) {
      backToText.current = false;
      input.current?.focus();
    }
  }, [command]);

  /** Picks a command; what was typed after its name goes to its first option ("/close Solved"). */
  const choose = (c: BotCommand) => {
    const label = commandLabel(c);
    const rest = typed.startsWith(`${label} `) ? typed.slice(label.length + 1).trim() : "";
    setCommand(c);
    setOptions(rest && c.options[0] ? { [c.options[0].name]: rest } : {});
    setText(label);
    setActive(0);
  };
  const clearCommand = (asText: boolean) => {
    const label = command ? commandLabel(command) : "";
    setCommand(null);
    setOptions({});
    setText(asText ? label : "");
    backToText.current = true;
  };

  const send = async () => {
    setError(null);
    if (menuOpen) return choose(matching[activeIndex]);
    if (command) {
      const values: Record<string, string | number> = {};
      for (const o of command.options) {
        const v = options[o.name]?.trim();
        if (v) values[o.name] = o.type === "integer" ? Number(v) : v;
      }
      await onInteract({ kind: "command", channelId, name: commandName(command), options: values });
      clearCommand(false);
      return;
    }
    const content = text.trim();
    if (!content) return setError(tr("tryIt.writeFirst", "Write a message first"));
    try {
      await demoApi.send(guildId, channelId, content);
      setText("");
      await onSent();
    } catch (e) {
      setError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
    }
  };

  const enterSends = (e: KeyboardEvent) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy) void send();
      return true;
    }
    return false;
  };

  const onTextKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (menuOpen) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive((activeIndex + step + matching.length) % matching.length);
        return;
      }
      if (e.key === "Tab" && !e.shiftKey) {
        e.preventDefault();
        return choose(matching[activeIndex]);
      }
      if (e.key === "Escape") {
        e.preventDefault();
        return setDismissed(true);
      }
    }
    enterSends(e);
  };

  /** In the command's options: Enter runs it; Backspace in an empty first option (or a command without options) gives the text back. */
  const onCommandKey = (e: KeyboardEvent<HTMLElement>) => {
    if (enterSends(e)) return;
    if (e.key === "Escape") return clearCommand(false);
    const target = e.target as HTMLElement;
    const first = commandBox.current?.querySelector("input");
    const empty = target instanceof HTMLInputElement ? target.value === "" && target === first : target === commandBox.current;
    if (e.key === "Backspace" && empty) {
      e.preventDefault();
      clearCommand(true);
    }
  };

  const autocomplete = async (name: string, value: string) => {
    if (!command) return;
    const reply = (await onInteract({
      kind: "autocomplete",
      channelId,
      name: commandName(command),
      focused: name,
      value,
      options: {},
    })) as {
      choices?: { name: string; value: string | number }[];
    } | null;
    setChoices((c) => ({ ...c, [name]: (reply?.choices ?? []).map((x) => ({ value: String(x.value), label: x.name })) }));
  };

  return (
    <div className="try-it-composer">
      {command ? (
        <div
          className="try-it-command"
          role="group"
          aria-label={commandUsage(command)}
          ref={commandBox}
          tabIndex={-1}
          onKeyDown={onCommandKey}
        >
          <span className="cell-badge cell-badge-gray try-it-command-tag">
            {commandLabel(command)}
            <button
              type="button"
              className="try-it-command-clear"
              aria-label={tr("tryIt.clearCommand", "Clear the command")}
              onClick={() => clearCommand(false)}
            >
              ×
            </button>
          </span>
          {command.options.map((o) =>
            o.autocomplete ? (
              // The bot's suggestions as the input's own list (a native combobox).
              <span key={o.name} className="try-it-option">
                <input
                  className="text-field"
                  aria-label={o.name}
                  placeholder={o.name}
                  list={`try-it-choices-${o.name}`}
                  value={options[o.name] ?? ""}
                  onFocus={() => void autocomplete(o.name, options[o.name] ?? "")}
                  onChange={(e) => {
                    const v = e.target.value;
                    setOptions((x) => ({ ...x, [o.name]: v }));
                    void autocomplete(o.name, v);
                  }}
                />
                <datalist id={`try-it-choices-${o.name}`}>
                  {(choices[o.name] ?? []).map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </datalist>
              </span>
            ) : (
              <input
                key={o.name}
                className="text-field try-it-option"
                aria-label={o.name}
                placeholder={o.type === "user" ? `${o.name} (${tr("tryIt.userId", "user id")})` : o.name}
                value={options[o.name] ?? ""}
                onChange={(e) => setOptions((x) => ({ ...x, [o.name]: e.target.value }))}
              />
            ),
          )}
        </div>
      ) : (
        <>
          {menuOpen && (
            <ul className="try-it-commands" role="listbox" id={listId} aria-label={tr("tryIt.commands", "Slash commands")}>
              {matching.map((c, i) => (
                <li
                  key={c.key}
                  id={optionId(c)}
                  role="option"
                  aria-selected={i === activeIndex}
                  className={i === activeIndex ? "is-active" : undefined}
                  // The text box keeps the focus while the menu is used with the pointer.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(c)}
                >
                  {/* Described in the reader's language, as Discord shows a command's description_localizations. */}
                  <strong>{commandUsage(c)}</strong> <span>{tr(`site.commands.description.${c.key}`, c.description)}</span>
                </li>
              ))}
            </ul>
          )}
          <textarea
            ref={input}
            className="text-field try-it-input"
            aria-label={tr("tryIt.message", "Message")}
            aria-controls={menuOpen ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={menuOpen ? optionId(matching[activeIndex]) : undefined}
            placeholder={tr("tryIt.placeholder", "Write a message, or / for a command")}
            rows={1}
            maxLength={demoMessageMax}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setDismissed(false);
            }}
            onKeyDown={onTextKey}
          />
        </>
      )}
      <Button type="primary" onClick={() => void send()} disabled={busy}>
        {tr("tryIt.send", "Send")}
      </Button>
      {error && (
        <div className="try-it-composer-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
