{{- /* The binary's name: <service>-mcp-server, or mcp-server-<service> when the service starts with a digit (12306). */ -}}
{{- define "mcp-server.name" -}}
{{- $s := required "server is required (use deploy/values/<server>.yaml)" .Values.server | toString | replace "_" "-" }}
{{- if regexMatch "^[0-9]" $s }}mcp-server-{{ $s }}{{ else }}{{ $s }}-mcp-server{{ end }}
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
