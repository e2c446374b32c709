; School Companion: additions to electron-builder's NSIS installer (electron-builder.yml nsis.include).
;
; Uninstalling keeps the admin's data (settings, signed-in schools, the encrypted offline cache) unless the
; admin ticks this box on the uninstaller's components page. The section is optional ("/o", unticked by
; default), so silent uninstalls (the ones electron-updater runs while updating) never select it and an
; update can never delete anyone's data. `Uninstall.exe /S --delete-app-data` (electron-builder's own
; switch) still removes the app's data folder for scripted clean-ups.
!macro customUnInstallSection
  Section /o "un.Also remove my School Companion data (settings, signed-in schools, offline cache)"
    ; Electron keeps userData per user (%APPDATA%\<productName>) even when installed for all users.
    ${if} $installMode == "all"
      SetShellVarContext current
    ${endif}
    RMDir /r "$APPDATA\${PRODUCT_FILENAME}"
    ; electron-updater's download cache (%LOCALAPPDATA%\<package name>-updater).
    RMDir /r "$LOCALAPPDATA\school-companion-updater"
    ${if} $installMode == "all"
      SetShellVarContext all
    ${endif}
  SectionEnd
!macroend
