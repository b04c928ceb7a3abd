import Foundation
import ServiceLifecycle
#if OTel
import OTel
#endif

/// Where the site's logs, metrics and traces go: with the package's `OTel` trait
/// (`swift build --traits OTel`) and `OTEL_EXPORTER_OTLP_ENDPOINT` set, to an OpenTelemetry
/// collector over OTLP/HTTP through swift-otel (its other `OTEL_*` variables apply); else nowhere,
/// and swift-log's default handler prints the logs. The trait is off by default: swift-otel and
/// its exporters would add some 7 minutes to every clean build of the package.
enum Telemetry {
    /// Bootstraps the exporters when configured; returns the service that runs them.
    static func bootstrap(serviceName: String) throws -> (any Service)? {
        #if OTel
        guard ProcessInfo.processInfo.environment["OTEL_EXPORTER_OTLP_ENDPOINT"] != nil else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.metrics.otlpExporter.protocol = .httpProtobuf
        configuration.logs.otlpExporter.protocol = .httpProtobuf
        return try OTel.bootstrap(configuration: configuration)
        #else
        return nil
        #endif
    }
}
