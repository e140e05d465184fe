import type { WidgetProps } from "@rjsf/utils";
import { createContext } from "react";

// What the editor widgets read from the form context: the guild's choices (channels, roles, …), as plain
// options so any resource's editor can feed them, plus the editor's own state (section errors).

export interface Option<V = string> {
  value: V;
  label: string;
}

export interface EmojiOption {
  id: string;
  name: string;
  /** Image of the custom emoji (from the platform, not typed by a user). */
  url: string;
}

export interface WidgetData {
  textChannels?: Option[];
  categories?: Option[];
  roles?: Option[];
  teams?: Option[];
  forms?: Option<number>[];
  emojis?: EmojiOption[];
  /** Choices of the panel multi-select. */
  panels?: Option[];
}

export interface SchemaFormContext {
  data: WidgetData;
  /** Object-level messages (the "at least one of" rules) per section title. */
  sectionErrors: Record<string, string[]>;
  /** A section's title (its English name in the schema) in the current language; default: as it is. */
  sectionTitle?: (section: string) => string;
}

export const widgetData = (props: Pick<WidgetProps, "registry">): WidgetData =>
  ((props.registry.formContext as SchemaFormContext | undefined)?.data ?? {}) as WidgetData;

/** Value of the "none" choice of selects whose value may be null (antd Select cannot hold null). */
export const NONE = "__none__";

/** The values of the object a widget's field belongs to (each object template provides them: clampedNumber reads them). */
export const SiblingValues = createContext<Record<string, unknown>>({});
