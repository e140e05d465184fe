import type { Dictionary } from "../../core";

// Spanish: teams (the Staff Teams screen: create card, team management, role lists, permissions dialog).
const dictionary: Dictionary = {
  // Create Team card
  "teams.create.teamName": "Nombre del equipo",
  "teams.create.placeholder": "p. ej., Soporte de facturación",
  "teams.create.create": "Crear",

  // Team Management card
  "teams.manage.team": "Equipo",
  "teams.manage.noTeams": "No se encontraron equipos",
  "teams.manage.permissions": "Permisos",
  "teams.manage.selectHint": "Selecciona un equipo para gestionar sus roles y permisos.",
  "teams.manage.strongerTeam": "Este equipo tiene permisos que tú no tienes, así que puedes quitarle roles, pero no añadirle otros nuevos.",

  // Role lists
  "teams.roles.available": "Roles disponibles",
  "teams.roles.team": "Roles del equipo",
  "teams.roles.addToTeam": "Añadir {role} al equipo",
  "teams.roles.removeFromTeam": "Quitar {role} del equipo",
  "teams.roles.drag": "Arrastrar {role}",

  // Drag and drop, for screen readers
  "teams.dnd.role": "rol",
  "teams.dnd.pickedUp": "Has tomado {role}.",
  "teams.dnd.over": "{role} está sobre {list}.",
  "teams.dnd.notOver": "{role} ya no está sobre ninguna lista.",
  "teams.dnd.droppedOn": "{role} se soltó en {list}.",
  "teams.dnd.dropped": "{role} se soltó.",
  "teams.dnd.cancelled": "Se canceló el movimiento de {role}.",
  "teams.dnd.instructions":
    "Para tomar un rol, pulsa la barra espaciadora o Intro. Usa las flechas para moverlo a la otra lista. Vuelve a pulsar la barra espaciadora o Intro para soltarlo allí, o Escape para cancelar.",

  // Team Permissions dialog
  "teams.permissions.title": "Permisos del equipo · {team}",
  "teams.permissions.count": "{count} de {total} permitidos",
  "teams.permissions.enableAll": "Activar todos los permisos",
  "teams.permissions.disableAll": "Desactivar todos los permisos",
  "teams.permissions.close": "Cerrar",
  "teams.permissions.cancel": "Cancelar",
  "teams.group.settings": "Configuración",
  "teams.group.staffTeams": "Equipos de staff",
  "teams.group.tags": "Etiquetas",
  "teams.group.panels": "Paneles",
  "teams.group.forms": "Formularios",
  "teams.group.transcriptsAndActivity": "Transcripciones y actividad",
  "teams.group.tickets": "Tickets",

  // The words after 'Allow team to …' (spec.team.allowTeamTo: 'Permitir al equipo {what}')
  "teams.permissionWords.viewSettings": "ver la configuración",
  "teams.permissionWords.editSettings": "editar la configuración",
  "teams.permissionWords.viewTeam": "ver los equipos",
  "teams.permissionWords.createTeam": "crear equipos",
  "teams.permissionWords.deleteTeam": "eliminar equipos",
  "teams.permissionWords.editTeam": "editar equipos",
  "teams.permissionWords.viewTag": "ver las etiquetas",
  "teams.permissionWords.createTag": "crear etiquetas",
  "teams.permissionWords.deleteTag": "eliminar etiquetas",
  "teams.permissionWords.editTag": "editar etiquetas",
  "teams.permissionWords.viewSinglePanel": "ver los paneles individuales",
  "teams.permissionWords.viewMultiPanel": "ver los multipaneles",
  "teams.permissionWords.createSinglePanel": "crear paneles individuales",
  "teams.permissionWords.deleteSinglePanel": "eliminar paneles individuales",
  "teams.permissionWords.editSinglePanel": "editar paneles individuales",
  "teams.permissionWords.createMultiPanel": "crear multipaneles",
  "teams.permissionWords.deleteMultiPanel": "eliminar multipaneles",
  "teams.permissionWords.editMultiPanel": "editar multipaneles",
  "teams.permissionWords.viewForm": "ver los formularios",
  "teams.permissionWords.createForm": "crear formularios",
  "teams.permissionWords.deleteForm": "eliminar formularios",
  "teams.permissionWords.editForm": "editar formularios",
  "teams.permissionWords.viewTranscripts": "ver las transcripciones",
  "teams.permissionWords.viewActivity": "ver la actividad",
  "teams.permissionWords.answerTicket": "responder tickets",
  "teams.permissionWords.annotateTicket": "escribir notas privadas en los tickets",
};

export default dictionary;
