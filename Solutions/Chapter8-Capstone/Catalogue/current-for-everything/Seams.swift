// Nothing to declare: every effect is a closure of `Environment`, in `Current.swift`.
