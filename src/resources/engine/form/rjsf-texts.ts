import { replaceStringParameters, TranslatableString as S } from "@rjsf/utils";
import { useMemo } from "react";
import { useTr } from "../../../i18n/refine";

// rjsf's own words (array buttons, empty-array text, yes/no, …) in the current language: the Form's
// `translateString`. Each English text is rjsf's; the Spanish keeps rjsf's %1, %2 markers, filled afterwards.

type Tr = ReturnType<typeof useTr>;

function text(tr: Tr, value: S): string {
  switch (value) {
    case S.ArrayItemTitle:
      return tr("engine.rjsf.arrayItemTitle", value);
    case S.MissingItems:
      return tr("engine.rjsf.missingItems", value);
    case S.EmptyArray:
      return tr("engine.rjsf.emptyArray", value);
    case S.YesLabel:
      return tr("engine.rjsf.yes", value);
    case S.NoLabel:
      return tr("engine.rjsf.no", value);
    case S.CloseLabel:
      return tr("engine.rjsf.close", value);
    case S.ErrorsLabel:
      return tr("engine.rjsf.errors", value);
    case S.NewStringDefault:
      return tr("engine.rjsf.newValue", value);
    case S.AddButton:
      return tr("engine.rjsf.add", value);
    case S.AddItemButton:
      return tr("engine.rjsf.addItem", value);
    case S.CopyButton:
      return tr("engine.rjsf.copy", value);
    case S.ExpandButton:
      return tr("engine.rjsf.expand", value);
    case S.MoveDownButton:
      return tr("engine.rjsf.moveDown", value);
    case S.MoveUpButton:
      return tr("engine.rjsf.moveUp", value);
    case S.RemoveButton:
      return tr("engine.rjsf.remove", value);
    case S.NowLabel:
      return tr("engine.rjsf.now", value);
    case S.ClearLabel:
      return tr("engine.rjsf.clear", value);
    case S.AriaDateLabel:
      return tr("engine.rjsf.selectDate", value);
    case S.PreviewLabel:
      return tr("engine.rjsf.preview", value);
    case S.DecrementAriaLabel:
      return tr("engine.rjsf.decrement", value);
    case S.IncrementAriaLabel:
      return tr("engine.rjsf.increment", value);
    case S.OptionalObjectAdd:
      return tr("engine.rjsf.optionalObjectAdd", value);
    case S.OptionalObjectRemove:
      return tr("engine.rjsf.optionalObjectRemove", value);
    case S.OptionalObjectEmptyMsg:
      return tr("engine.rjsf.optionalObjectEmpty", value);
    case S.Type:
      return tr("engine.rjsf.type", value);
    case S.Value:
      return tr("engine.rjsf.value", value);
    case S.ClearButton:
      return tr("engine.rjsf.clearInput", value);
    case S.UnknownFieldType:
      return tr("engine.rjsf.unknownFieldType", value);
    case S.OptionPrefix:
      return tr("engine.rjsf.optionPrefix", value);
    case S.TitleOptionPrefix:
      return tr("engine.rjsf.titleOptionPrefix", value);
    case S.KeyLabel:
      return tr("engine.rjsf.keyLabel", value);
    case S.DeprecatedLabel:
      return tr("engine.rjsf.deprecated", value);
    case S.UnsupportedField:
      return tr("engine.rjsf.unsupportedField", value);
    default:
      // Developer-facing texts (unsupported schemas, $ref cycles, file details) stay rjsf's English.
      return value;
  }
}

/** The `translateString` of a generated editor's rjsf Form. */
export function useRjsfTranslateString(): (value: S, params?: string[]) => string {
  const tr = useTr();
  return useMemo(() => (value: S, params?: string[]) => replaceStringParameters(text(tr, value), params), [tr]);
}
