// scrolltrace — what the recorder does as the app comes and goes.

/// A moment in the app's life that the recording must survive.
public enum AppLifecycleEvent: Sendable, Hashable, CaseIterable {
  /// `UIApplication.willResignActiveNotification`: a call, Control Center, the app switcher.
  case willResignActive
  /// `UIApplication.didEnterBackgroundNotification` or `UIScene.didEnterBackgroundNotification`:
  /// the app may be suspended, then killed without another word.
  case didEnterBackground
  /// `UIApplication.willTerminateNotification`: the app is about to exit (not sent to a suspended
  /// app).
  case willTerminate

  /// What the recorder does then.
  public var action: AppLifecycleAction {
    switch self {
    case .willResignActive: .flush
    // The system suspends a backgrounded app within seconds: a background task keeps it running
    // until the writer has flushed
    // (https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)).
    case .didEnterBackground: .flushInBackgroundTask
    // The app has about five seconds to return from the notification and no later chance: stop
    // and wait for the file's index
    // (https://developer.apple.com/documentation/uikit/uiapplication/willterminatenotification).
    case .willTerminate: .stopAndWait
    }
  }
}

/// What the recorder does at an ``AppLifecycleEvent``.
public enum AppLifecycleAction: Sendable, Hashable {
  /// Hands what waits to the writer and returns.
  case flush
  /// Hands what waits to the writer inside a background task, ended when the writer has flushed.
  case flushInBackgroundTask
  /// Stops the recording and waits until the file is closed with its index.
  case stopAndWait
}
