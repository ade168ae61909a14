@main struct App {}
