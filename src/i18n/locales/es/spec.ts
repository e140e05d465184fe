import type { Dictionary } from "../../core";

// Spanish: the contract's fixed texts (src/schemas/messages.ts, send-limits.ts), keyed `spec.<group>.<name>` (see
// src/i18n/spec-texts.ts).
// A text that appears in two groups is looked up by the key of the first group that holds it (specTextKeys). Which
// group comes first depends on how the module namespace is enumerated (native ESM sorts the export names; Vite's
// SSR transform, used by vitest, keeps source order), so every group's key is defined, with the same Spanish.
// Texts with placeholders (functions in messages.ts) use `{param}` named like the function's parameters.
// Product names (Ticketeer, Discord), commands (/form …) and numbers stay as they are.
const spec: Dictionary = {
  // authMessages
  "spec.auth.sessionExpiredToast": "Tu sesión ha caducado. Vuelve a iniciar sesión.",
  "spec.auth.sessionExpiredTitle": "Sesión caducada",
  "spec.auth.sessionExpiredDescription": "Por tu seguridad, hemos cerrado tu sesión. Vuelve a iniciar sesión.",
  "spec.auth.goToLogin": "Ir a iniciar sesión",
  "spec.auth.accessDenied": "¡No puedes acceder a este contenido!",
  "spec.auth.notAuthenticated": "No autenticado",
  "spec.auth.authenticationFailed": "Error de autenticación. Es posible que tu sesión haya caducado o se haya invalidado.",
  "spec.auth.tokenExpired": "Token caducado",
  "spec.auth.loginHttpError": "¡Error HTTP! Estado: {code}",
  "spec.auth.signIn": "Iniciar sesión",
  "spec.auth.signOut": "Cerrar sesión",
  "spec.auth.invite": "Invitar",
  "spec.auth.dashboard": "Panel",

  // frameMessages
  "spec.frame.routeNotFound": "Ruta no encontrada: {guildId}",
  "spec.frame.notFound": "NO ENCONTRADO",
  "spec.frame.errorHeading": "Se produjo un error",
  "spec.frame.errorFallback": "Algo salió mal.",
  "spec.frame.goBackHome": "Volver al inicio",
  "spec.frame.home": "Inicio",
  "spec.frame.servers": "Servidores",
  "spec.frame.navigation": "Navegación",
  "spec.frame.searchServers": "Buscar servidores...",
  "spec.frame.errorLoadingPage": "Error al cargar la página",
  "spec.frame.failedToFetchPage": "No se pudo cargar la página {page}",
  "spec.frame.unknownError": "Se produjo un error desconocido",
  "spec.frame.unknownErrorShort": "Error desconocido",
  // validationError(messages: string[]) joins the messages with ", ": pass them joined as {messages}.
  "spec.frame.validationError": "Error de validación: {messages}",

  // landingMessages
  "spec.landing.stats": "Dando servicio a {users} usuarios en {communities} comunidades",
  "spec.landing.statsError": "Error {status}: {statusText}",

  // pickerMessages
  "spec.picker.heading": "Tus servidores",
  "spec.picker.cardTitle": "Selecciona un servidor",
  "spec.picker.loadFailed": "No se pudieron cargar los servidores. Inténtalo de nuevo más tarde.",

  // docsMessages
  "spec.docs.sectionNotFound": "Sección no encontrada",
  "spec.docs.noSections": "¡No se encontraron secciones de documentación!",

  // activityMessages
  "spec.activity.refresh": "Actualizar",
  "spec.activity.refreshing": "Actualizando...",
  "spec.activity.loading": "Cargando registros de actividad...",
  "spec.activity.empty": "No se encontraron registros de actividad.",
  "spec.activity.error": "Error: {message}",
  "spec.activity.fetchFailed": "No se pudo cargar: {statusText}",
  "spec.activity.invalidResponse": "Formato de respuesta no válido.",

  // settingsMessages
  "spec.settings.saveChanges": "Guardar cambios",
  "spec.settings.saving": "Guardando...",
  "spec.settings.pageName": "Configuración",
  "spec.settings.none": "Ninguno",
  "spec.settings.updatedByServer": "Configuración de tickets actualizada correctamente",
  "spec.settings.updateFailed": "Error al actualizar la configuración",
  "spec.settings.updated": "Configuración actualizada correctamente",
  "spec.settings.nothingChanged": "No se ha cambiado ninguna configuración.",

  // serverInfoMessages
  "spec.serverInfo.guildId": "ID del servidor",
  "spec.serverInfo.pageName": "Servidor",

  // teamMessages
  "spec.team.pageName": "Equipos de staff",
  "spec.team.createTeam": "Crear equipo",
  "spec.team.creating": "Creando…",
  "spec.team.teamManagement": "Gestión de equipos",
  "spec.team.selectTeam": "Seleccionar equipo...",
  "spec.team.searchRoles": "Buscar roles...",
  "spec.team.noRoles": "No se encontraron roles.",
  "spec.team.dropToAdd": "Suelta el rol aquí para añadirlo al equipo",
  "spec.team.dropToRemove": "Suelta el rol aquí para quitarlo del equipo",
  "spec.team.permissionsSubtitle": "Configura los niveles de acceso y los permisos de este equipo",
  // {what} is a verb phrase in the infinitive ("gestionar paneles").
  "spec.team.allowTeamTo": "Permitir al equipo {what}",
  "spec.team.deleteTeam": "Eliminar equipo",
  "spec.team.deleting": "Eliminando...",
  "spec.team.deleteConfirm": "¿Seguro que quieres eliminar este equipo? Esta acción no se puede deshacer.",
  "spec.team.roleAddQueued": "Se ha puesto en cola añadir el rol al equipo",
  "spec.team.roleRemoveQueued": "Se ha puesto en cola quitar el rol del equipo",
  "spec.team.createFailed": "No se pudo crear el equipo",
  "spec.team.created": "¡Equipo {name} creado correctamente!",
  "spec.team.addFailed": "No se pudo añadir al equipo",
  "spec.team.removeFailed": "No se pudo quitar del equipo",
  "spec.team.added": "¡Rol añadido al equipo correctamente!",
  "spec.team.removed": "¡Rol quitado del equipo correctamente!",
  "spec.team.unknownReply": "No se pudo añadir ni quitar este rol del equipo",
  "spec.team.permissionsFailed": "No se pudieron actualizar los permisos",
  "spec.team.deleteFailed": "No se pudo eliminar el equipo",

  // tagMessages
  "spec.tag.pageName": "Etiquetas",
  "spec.tag.title": "Etiquetas",
  "spec.tag.search": "Buscar etiqueta",
  "spec.tag.addNewTag": "Añadir nueva etiqueta",
  "spec.tag.addTag": "Añadir etiqueta",
  "spec.tag.adding": "Añadiendo...",
  "spec.tag.manageTags": "Gestionar etiquetas",
  "spec.tag.empty": "No se encontraron etiquetas",
  "spec.tag.nameRequired": "El nombre de la etiqueta es obligatorio",
  "spec.tag.nameTooLong": "El nombre de la etiqueta debe tener menos de 255 caracteres",
  "spec.tag.contentRequired": "El contenido es obligatorio",
  "spec.tag.contentTooLong": "El contenido debe tener menos de 2048 caracteres",
  "spec.tag.delete": "Eliminar",
  "spec.tag.deleting": "Eliminando...",

  // panelMessages
  "spec.panel.title": "Paneles de tickets",
  "spec.panel.panels": "Paneles",
  "spec.panel.multiPanels": "Multipaneles",
  "spec.panel.deletePanel": "Eliminar panel",
  "spec.panel.noSinglePanels": "No se encontraron paneles individuales",
  "spec.panel.noMultiPanels": "No se encontraron multipaneles",
  "spec.panel.notLoggedIn": "No has iniciado sesión",
  "spec.panel.deleteConfirm": "¿Seguro que quieres eliminar este panel? Esta acción no se puede deshacer.",
  "spec.panel.propertiesErrorPage": "Error al cargar las propiedades del panel de tickets",
  "spec.panel.saveChanges": "Guardar cambios",
  "spec.panel.saving": "Guardando...",
  "spec.panel.updateChanges": "Actualizar cambios",
  "spec.panel.updating": "Actualizando...",
  "spec.panel.creating": "Creando...",
  "spec.panel.resending": "Reenviando...",
  "spec.panel.deleting": "Eliminando...",
  "spec.panel.createMultiPanel": "Crear multipanel",
  "spec.panel.editMultiPanel": "Editar multipanel",
  "spec.panel.updateMultiPanel": "Actualizar multipanel",
  "spec.panel.useCustomChannelId": "Usar un ID de canal personalizado",
  "spec.panel.useDropdownMenu": "Usar un menú desplegable",
  "spec.panel.selectChannel": "Selecciona un canal",
  "spec.panel.selectTwoPanels": "Selecciona al menos 2 paneles",
  "spec.panel.created": "Panel creado correctamente.",
  "spec.panel.updated": "Panel actualizado correctamente.",
  "spec.panel.resent": "Panel reenviado correctamente.",
  "spec.panel.deleted": "¡Panel eliminado!",
  "spec.panel.fetchPanelsFailed": "No se pudieron cargar los paneles",
  "spec.panel.fetchPropertiesFailed": "No se pudieron cargar las propiedades del panel",
  "spec.panel.fetchPanelFailed": "No se pudo cargar el panel",
  "spec.panel.createFailed": "No se pudo crear el panel",
  "spec.panel.updateFailed": "No se pudo actualizar el panel",
  "spec.panel.deleteFailed": "No se pudo eliminar el panel",
  "spec.panel.resendFailed": "No se pudo reenviar el panel",
  "spec.panel.resendFailedFallback": "Error al reenviar el panel",
  "spec.panel.nameRequired": "El nombre del panel es obligatorio",
  "spec.panel.namingSchemeRequired": "El esquema de nombres es obligatorio",
  "spec.panel.mentionRoleNumeric": "MentionRoleId debe ser una cadena numérica",
  "spec.panel.channelRequired": "El canal del panel es obligatorio",
  "spec.panel.invalidColor": "Formato de color no válido",
  "spec.panel.panelMessageRequired": "Se necesita al menos el título, la descripción o el contenido del panel",
  "spec.panel.welcomeMessageRequired": "Se necesita al menos el título, la descripción o el contenido de bienvenida",
  "spec.panel.panelFieldsInvalid": "Debe ser una lista vacía o una lista de campos del panel",
  "spec.panel.multiChannelRequired": "El ID del canal es obligatorio",
  "spec.panel.multiTwoPanels": "Se necesitan al menos 2 paneles",
  "spec.panel.multiMessageRequired": "Se necesita al menos el título, la descripción o el contenido del panel",

  // formMessages
  "spec.form.title": "Formularios",
  "spec.form.createForm": "Crear formulario",
  "spec.form.emptyState":
    "¡Empieza creando tu primer formulario! Los formularios te ayudan a reunir y organizar la información de tus usuarios.",
  "spec.form.createFirst": "Crea tu primer formulario",
  "spec.form.editForm": "Editar formulario",
  "spec.form.copyCommand": "Copiar comando",
  "spec.form.command": "/form {formId}",
  "spec.form.commandCopied": "Comando del formulario copiado al portapapeles",
  "spec.form.deleteForm": "Eliminar formulario",
  "spec.form.fieldLine": "Campo {n}: {label}",
  "spec.form.noFields": "Todavía no hay campos",
  "spec.form.backToForms": "Volver a los formularios",
  "spec.form.updateForm": "Actualizar formulario",
  "spec.form.formName": "Nombre del formulario",
  "spec.form.addField": "Añadir campo",
  "spec.form.reset": "Restablecer",
  "spec.form.creating": "Creando...",
  "spec.form.updating": "Actualizando...",
  "spec.form.deletedByServer": "Formulario eliminado correctamente",
  "spec.form.nameRequired": "El nombre del formulario es obligatorio",
  "spec.form.oneFieldRequired": "Se necesita al menos un campo",
  "spec.form.oneLabelledFieldRequired": "Se necesita al menos un campo con etiqueta",
  "spec.form.fetchFormsFailed": "No se pudieron cargar los formularios: {detail}",
  "spec.form.createFailedDetail": "No se pudo crear el formulario: {detail}",
  "spec.form.updateFailedDetail": "No se pudo actualizar el formulario: {detail}",
  "spec.form.renameFailed": "No se pudo actualizar el nombre del formulario",
  "spec.form.deleteFailed": "No se pudo eliminar el formulario",
  "spec.form.createFieldFailed": "No se pudo crear el campo",
  "spec.form.updateFieldFailed": "No se pudo actualizar el campo",
  "spec.form.positionFailed": "No se pudo actualizar la posición del campo",
  "spec.form.deleteFieldFailed": "No se pudo eliminar el campo",
  "spec.form.fetchFormFailed": "No se pudo cargar el formulario",
  "spec.form.createFailed": "No se pudo crear el formulario",
  "spec.form.updateFailed": "No se pudo actualizar el formulario",
  "spec.form.created": "Formulario creado correctamente",
  "spec.form.updated": "¡Formulario actualizado correctamente!",

  // transcriptMessages
  "spec.transcript.deletedPanel": "Panel eliminado",
  "spec.transcript.noReason": "No se indicó ningún motivo",
  "spec.transcript.empty": "No se encontraron transcripciones",
  "spec.transcript.perPage": "Por página",
  "spec.transcript.missingParameters": "Faltan parámetros obligatorios.",
  "spec.transcript.notFound": "Transcripción no encontrada o no disponible.",
  // The English trims the result (error may be empty): trim the translated text at the call site too.
  "spec.transcript.fetchListFailed": "No se pudieron cargar las transcripciones: {statusText} {error}",
  "spec.transcript.fetchFailed": "No se pudo cargar la transcripción: {statusText}",
  "spec.transcript.notApplicable": "N/D",

  // sendLimitMessages (src/schemas/send-limits.ts): the contract's fixed texts for Discord's limits, keyed
  // `spec.sendLimit.<name>` by src/i18n/spec-texts.ts; the numbers are Discord's
  "spec.sendLimit.embedTotal":
    "El título, la descripción, los campos, el pie y el autor juntos pueden tener como máximo 6000 caracteres (el límite de Discord para los embeds de un mensaje)",
  "spec.sendLimit.buttonLabelFromName":
    "El texto del botón está vacío, así que el botón muestra el nombre del panel, que tiene más de 80 caracteres (el límite de Discord para un botón): escribe un texto del botón o elige un emoji del botón",
  "spec.sendLimit.welcomeContent":
    "El contenido puede tener como máximo 1976 caracteres: el mensaje de bienvenida también menciona al miembro que abrió el ticket, y Discord admite 2000 en total",
  "spec.sendLimit.welcomeContentWithRole":
    "El contenido puede tener como máximo 1951 caracteres: el mensaje de bienvenida también menciona al miembro que abrió el ticket y al rol que mencionar, y Discord admite 2000 en total",
  "spec.sendLimit.multiPanelTooMany": "Un multipanel puede mostrar como máximo 25 paneles (el límite de Discord para un menú desplegable)",
  "spec.sendLimit.formNameTooLong":
    "El nombre del formulario puede tener como máximo 45 caracteres (el límite de Discord para el título de un formulario)",
  "spec.sendLimit.multiPanelEmpty":
    "Este multipanel no tiene paneles que mostrar. Edítalo, elige al menos 2 paneles y vuelve a publicarlo.",
};

export default spec;
