{{- define "mcp-server.name" -}}
{{- required "server is required (use deploy/values/<server>.yaml)" .Values.server | replace "_" "-" }}-mcp-server
{{- end }}

{{- define "mcp-server.selector" -}}
app.kubernetes.io/name: {{ include "mcp-server.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "mcp-server.labels" -}}
{{ include "mcp-server.selector" . }}
app.kubernetes.io/component: mcp-server
app.kubernetes.io/part-of: mcp-servers
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end }}
