import { replaceStringParameters, TranslatableString as S } from "@rjsf/utils";
import { useMemo } from "react";
import { useTr } from "../../../i18n/refine";

// rjsf's own words (array buttons, empty-array text, yes/no, …) in the current language: the Form's
// `translateString`. Each English text is rjsf's; the Spanish keeps rjsf's %1, %2 markers, filled afterwards.

type Tr = ReturnType<typeof useTr>;

function text(tr: Tr, value: S): string {
  switch (value) {
    case S.ArrayItemTitle:
      return tr("ui.schemaForm.arrayItemTitle", value);
    case S.MissingItems:
      return tr("ui.schemaForm.missingItems", value);
    case S.EmptyArray:
      return tr("ui.schemaForm.emptyArray", value);
    case S.YesLabel:
      return tr("ui.schemaForm.yes", value);
    case S.NoLabel:
      return tr("ui.schemaForm.no", value);
    case S.CloseLabel:
      return tr("ui.schemaForm.close", value);
    case S.ErrorsLabel:
      return tr("ui.schemaForm.errors", value);
    case S.NewStringDefault:
      return tr("ui.schemaForm.newValue", value);
    case S.AddButton:
      return tr("ui.schemaForm.add", value);
    case S.AddItemButton:
      return tr("ui.schemaForm.addItem", value);
    case S.CopyButton:
      return tr("ui.schemaForm.copy", value);
    case S.ExpandButton:
      return tr("ui.schemaForm.expand", value);
    case S.MoveDownButton:
      return tr("ui.schemaForm.moveDown", value);
    case S.MoveUpButton:
      return tr("ui.schemaForm.moveUp", value);
    case S.RemoveButton:
      return tr("ui.schemaForm.remove", value);
    case S.NowLabel:
      return tr("ui.schemaForm.now", value);
    case S.ClearLabel:
      return tr("ui.schemaForm.clear", value);
    case S.AriaDateLabel:
      return tr("ui.schemaForm.selectDate", value);
    case S.PreviewLabel:
      return tr("ui.schemaForm.preview", value);
    case S.DecrementAriaLabel:
      return tr("ui.schemaForm.decrement", value);
    case S.IncrementAriaLabel:
      return tr("ui.schemaForm.increment", value);
    case S.OptionalObjectAdd:
      return tr("ui.schemaForm.optionalObjectAdd", value);
    case S.OptionalObjectRemove:
      return tr("ui.schemaForm.optionalObjectRemove", value);
    case S.OptionalObjectEmptyMsg:
      return tr("ui.schemaForm.optionalObjectEmpty", value);
    case S.Type:
      return tr("ui.schemaForm.type", value);
    case S.Value:
      return tr("ui.schemaForm.value", value);
    case S.ClearButton:
      return tr("ui.schemaForm.clearInput", value);
    case S.UnknownFieldType:
      return tr("ui.schemaForm.unknownFieldType", value);
    case S.OptionPrefix:
      return tr("ui.schemaForm.optionPrefix", value);
    case S.TitleOptionPrefix:
      return tr("ui.schemaForm.titleOptionPrefix", value);
    case S.KeyLabel:
      return tr("ui.schemaForm.keyLabel", value);
    case S.DeprecatedLabel:
      return tr("ui.schemaForm.deprecated", value);
    case S.UnsupportedField:
      return tr("ui.schemaForm.unsupportedField", value);
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
