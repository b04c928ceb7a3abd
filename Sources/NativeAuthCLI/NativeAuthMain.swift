import NativeAuthCommands

/// `nativeauth`: everything it does is in NativeAuthCommands (tested there in process).
@main
enum NativeAuthMain {
    static func main() async {
        await NativeAuthTool.main()
    }
}
