// The configuration file's format and version, and the texts of the Import / Export screen and of the transfer
// routes (src/schemas/config-export.ts holds the file's schema and re-exports these).

export const configExportFormat = "ticketeer.guild-config";
export const configExportVersion = 1;

/** Texts of the Import / Export screen and of the transfer routes (not spec texts: the feature is beyond the spec). */
export const configTransferText = {
  pageName: "Import / Export",
  exportTitle: "Export configuration",
  exportDescription:
    "Download this server's settings, tags, forms, staff teams, panels, multi-panels and blacklist as one JSON file. Transcripts, activity and bot keys are never included.",
  exportButton: "Export configuration",
  exporting: "Exporting...",
  exported: "Configuration exported",
  importTitle: "Import configuration",
  importDescription:
    "Import a file exported from another server. Each section in the file replaces that section here; roles, channels and categories are matched by name.",
  dropzone: "Click or drag a configuration file here",
  dropzoneHint: "A .json file exported from Ticketeer (up to 5 MB). It is read in your browser and checked before anything changes.",
  previewTitle: "What will change",
  mappingTitle: "Roles, channels and categories",
  warningsTitle: "Warnings",
  problemsTitle: "The file cannot be imported",
  importButton: "Import configuration",
  importing: "Importing...",
  confirmTitle: "Replace this server's configuration?",
  confirmDescription: (sections: string) =>
    `The sections ${sections} of this server will be replaced by the file's. This cannot be undone (export this server first to keep a copy).`,
  confirmOk: "Import",
  cancel: "Cancel",
  imported: "Configuration imported",
  importFailed: "Import failed",
  previewFailed: "Could not check the file",
  notJson: "The file is not valid JSON",
  tooLarge: "The file is larger than 5 MB",
  chooseAnother: "Choose another file",
  unmapped: "Not mapped",
  choose: (what: string) => `Choose ${/^[aeiou]/i.test(what) ? "an" : "a"} ${what}`,
  required: "required",
  levelOnly: "Only the server owner, administrators and members with the Manage Server permission can export or import the configuration.",
  importedPanels: "Imported panels",
  notPosted: "Imported panels are not posted yet: open a panel and use Resend to post its message.",
  notAnExport: "The file is not a Ticketeer configuration export",
  unsupportedVersion: (version: unknown) =>
    `Unsupported configuration version ${JSON.stringify(version) ?? "(none)"}: this server reads version ${configExportVersion}`,
  sectionsTogether: "panels and multi_panels must be imported together",
} as const;
