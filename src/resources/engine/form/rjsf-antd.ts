// rjsf's antd theme without the widgets no editor here uses. `import Form from "@rjsf/antd"` brings every
// antd widget of the theme, among them the date pickers (antd DatePicker + dayjs, ~35 KB gzipped) and the
// range slider, into each editor's chunk. No schema here has a date format or a range widget; had one, rjsf
// would fall back to its own plain widgets (@rjsf/core's registry), still drawn by the antd BaseInputTemplate.
import { withTheme, type ThemeProps } from "@rjsf/core";
import Templates from "@rjsf/antd/lib/templates/index.js";
import CheckboxWidget from "@rjsf/antd/lib/widgets/CheckboxWidget/index.js";
import CheckboxesWidget from "@rjsf/antd/lib/widgets/CheckboxesWidget/index.js";
import PasswordWidget from "@rjsf/antd/lib/widgets/PasswordWidget/index.js";
import RadioWidget from "@rjsf/antd/lib/widgets/RadioWidget/index.js";
import SelectWidget from "@rjsf/antd/lib/widgets/SelectWidget/index.js";
import TextareaWidget from "@rjsf/antd/lib/widgets/TextareaWidget/index.js";

export { Templates };

export const Theme: ThemeProps = {
  templates: Templates,
  widgets: { CheckboxWidget, CheckboxesWidget, PasswordWidget, RadioWidget, SelectWidget, TextareaWidget },
};

/** Drop-in for `@rjsf/antd`'s default export. */
const Form = withTheme(Theme);
export default Form;
