;;; eglot-check.el --- drive `tipc lsp' from Emacs' eglot, headless  -*- lexical-binding: t -*-
;;
;; PATH=<tipc's folder>:$PATH emacs --batch --no-init-file -l eglot-init.el -l eglot-check.el CATALOG-COPY
;;
;; eglot-init.el is exactly the init.el of Docs/editors.md (check-lsp-editors.sh extracts
;; it); CATALOG-COPY is a scratch copy of a catalog in a folder under no version control,
;; so the project is the catalog (the init's `tips-catalog-project').  Nothing is saved.
;; Each check prints one line; the exit status is the number of failed checks.

(require 'eglot)
(require 'xref)
(require 'flymake)
(require 'cl-lib)

;; Batch Emacs runs no idle timers: send pending changes and ask Flymake at once.
(defun tips-sync ()
  (eglot--signal-textDocument/didChange)
  (flymake-start))

;; Eglot asks before editing files that are not open; answer yes, and say it asked.
(defvar tips-confirmations nil)
(defun tips-yes (prompt &rest _)
  (push prompt tips-confirmations)
  t)

(defvar tips-check-failures 0)

(defun tips-check (name ok &optional detail)
  (princ (format "eglot: %s %s%s\n" (if ok "ok  " "FAIL") name (if detail (format " (%s)" detail) "")))
  (unless ok (setq tips-check-failures (1+ tips-check-failures))))

(defun tips-wait (predicate &optional seconds)
  "Run the event loop until PREDICATE holds or SECONDS (default 10) pass."
  (let ((deadline (+ (float-time) (or seconds 10))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

;; Batch Emacs runs no commands, so what `eglot-ensure' left on `post-command-hook' runs here.
(defun tips-ensure ()
  (run-hooks 'post-command-hook)
  (eglot-current-server))

(let* ((catalog (file-name-as-directory (expand-file-name (nth 0 command-line-args-left))))
       (editor (expand-file-name "editor.tips" catalog)))
  (setq command-line-args-left nil)
  (setq eglot-sync-connect t
        eglot-connect-timeout 30
        eglot-confirm-server-initiated-edits nil)
  (find-file editor)
  (tips-check "the documented init.el picks tips-mode" (eq major-mode 'tips-mode) (format "%s" major-mode))
  (let ((server (tips-ensure)))
    (tips-check "connect" (and server (jsonrpc-running-p server)))
    (tips-check "the project is the catalog (no version control)"
                (equal (and server (project-root (eglot--project server))) catalog)
                (and server (format "%s" (eglot--project server))))

    ;; Diagnostics as you type: misspell a parameter, Flymake shows E202; fix it, it goes.
    (goto-char (point-min))
    (search-forward "rule !hasCreatedFirstNote")
    (backward-word)
    (insert "z")
    (tips-sync)
    (tips-check "diagnostics as you type"
                (tips-wait (lambda () (seq-some (lambda (d) (string-match-p "E202\\|unknown parameter" (flymake-diagnostic-text d)))
                                                (flymake-diagnostics)))))
    (delete-char -1)
    (tips-sync)
    (tips-check "diagnostics cleared" (tips-wait (lambda () (null (flymake-diagnostics)))))

    ;; Go to definition (xref): the parameter is declared in params.tips.
    (let* ((backend (xref-find-backend))
           (id (xref-backend-identifier-at-point backend))
           (defs (xref-backend-definitions backend id))
           (file (and defs (xref-location-group (xref-item-location (car defs))))))
      (tips-check "definition across files" (and file (string-suffix-p "params.tips" file)) file))

    ;; Find references.
    (let* ((backend (xref-find-backend))
           (refs (xref-backend-references backend (xref-backend-identifier-at-point backend))))
      (tips-check "references" (>= (length refs) 2) (format "%d" (length refs))))

    ;; Hover (what ElDoc shows).
    (let ((hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams))))
      (tips-check "hover" (string-match-p "param hasCreatedFirstNote: Bool"
                                         (format "%s" (plist-get (plist-get hover :contents) :value)))))

    ;; Completion at point after `count(`: the catalog's events.
    (goto-char (point-min))
    (search-forward "count(manualSave")
    (backward-word)
    (let* ((capf (eglot-completion-at-point))
           (candidates (and capf (all-completions "" (nth 2 capf)))))
      (tips-check "completion of events" (member "manualSave" candidates) (format "%d candidates" (length candidates))))

    ;; Outline through Imenu.
    (let ((index (funcall imenu-create-index-function)))
      (tips-check "imenu outline" (string-match-p "WelcomeTip" (format "%S" index))))

    ;; A scenario test (before the renames below, which leave scenarios as they are): the
    ;; same server runs it against the catalog and completes its steps.
    (let ((editor-buffer (current-buffer)))
      (find-file (expand-file-name "onboarding.scenario" catalog))
      (tips-check "scenario file in tips-scenario-mode" (eq major-mode 'tips-scenario-mode) (format "%s" major-mode))
      (tips-check "scenario file served by the same server" (eq (tips-ensure) server))
      (goto-char (point-min))
      (forward-line 4)
      (search-forward "expect WelcomeTip available")
      (replace-match "expect WelcomeTip pending")
      (tips-sync)
      (tips-check "scenario diagnostics as you type"
                  (tips-wait (lambda () (seq-some (lambda (d) (string-match-p "S200\\|expected WelcomeTip" (flymake-diagnostic-text d)))
                                                  (flymake-diagnostics)))
                             15))
      (goto-char (point-min))
      (search-forward "expect WelcomeTip pending")
      (replace-match "expect WelcomeTip available")
      (tips-sync)
      (tips-check "scenario diagnostics cleared" (tips-wait (lambda () (null (flymake-diagnostics))) 15))
      (end-of-line)
      (insert "\ndonate ")
      (tips-sync)
      (let* ((capf (eglot-completion-at-point))
             (candidates (and capf (all-completions "" (nth 2 capf)))))
        (tips-check "scenario completion of events" (and (member "manualSave" candidates) (not (member "WelcomeTip" candidates)))
                    (format "%d candidates" (length candidates))))
      (set-buffer editor-buffer))

    ;; Rename a tip without an id: it declares `renamedFrom WelcomeTip' to keep users' state.
    (goto-char (point-min))
    (search-forward "tip WelcomeTip")
    (backward-word)
    (cl-letf (((symbol-function 'y-or-n-p) #'tips-yes)) (eglot-rename "HelloTip"))
    (tips-sync)
    (tips-check "rename asked before editing groups.tips" tips-confirmations)
    (tips-check "rename declares the tip's old name"
                (save-excursion (goto-char (point-min)) (search-forward "tip HelloTip renamedFrom WelcomeTip {" nil t))
                (buffer-substring-no-properties (point-min) (min (point-max) 200)))
    (let ((groups (find-buffer-visiting (expand-file-name "groups.tips" catalog))))
      (tips-check "rename reaches other files"
                  (and groups (with-current-buffer groups
                                (save-excursion (goto-char (point-min)) (search-forward "HelloTip" nil t))))))

    ;; Renaming an event declares `renamedFrom manualSave' on it (in events.tips).
    (goto-char (point-min))
    (search-forward "count(manualSave")
    (backward-word)
    (cl-letf (((symbol-function 'y-or-n-p) #'tips-yes)) (eglot-rename "quickSave"))
    (tips-sync)
    (let ((events (find-buffer-visiting (expand-file-name "events.tips" catalog))))
      (tips-check "persisted event renamed with renamedFrom"
                  (and (save-excursion (goto-char (point-min)) (search-forward "count(quickSave" nil t))
                       events
                       (with-current-buffer events
                         (save-excursion (goto-char (point-min))
                                         (search-forward "event quickSave limit 100 maxAge 14d renamedFrom manualSave" nil t))))))

    ;; Renaming a payload field is refused (eglot cannot confirm), with the reason.
    (goto-char (point-min))
    (search-forward "wordsAdded >= 200")
    (goto-char (match-beginning 0))
    (let ((message (condition-case err (progn (cl-letf (((symbol-function 'y-or-n-p) #'tips-yes)) (eglot-rename "addedWords")) "renamed")
                     (error (error-message-string err)))))
      (tips-check "payload field not renamed" (string-match-p "journals" message) message))

    ;; Formatting: reflow a line, eglot-format-buffer restores the canonical layout.
    (goto-char (point-min))
    (search-forward "maxDisplayCount 2")
    (replace-match "maxDisplayCount    2")
    (eglot-format-buffer)
    (tips-check "formatting" (save-excursion (goto-char (point-min)) (search-forward "maxDisplayCount 2" nil t)))

    (set-buffer-modified-p nil)
    (dolist (b (buffer-list)) (with-current-buffer b (set-buffer-modified-p nil)))
    ;; `shutdown' then `exit', as eglot-shutdown sends them; done by hand because in batch
    ;; Emacs eglot 1.9 kills the process before it has read `exit'.
    (let ((process (jsonrpc--process server)))
      (setf (eglot--shutdown-requested server) t)
      (jsonrpc-request server :shutdown nil :timeout 5)
      (jsonrpc-notify server :exit nil)
      (tips-wait (lambda () (not (process-live-p process))) 5)
      (tips-check "shutdown and exit with status 0"
                  (and (not (process-live-p process)) (eq (process-exit-status process) 0))
                  (format "%s" (process-exit-status process))))))

(kill-emacs tips-check-failures)
